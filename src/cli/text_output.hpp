#pragma once
// Human-readable renderings of the JSON results (the JSON is the source of truth).

#include <nlohmann/json.hpp>

#include <ostream>

namespace vibro::cli {

void print_list(std::ostream& out, const nlohmann::json& list);
void print_run(std::ostream& out, const nlohmann::json& result);
void print_lyapunov(std::ostream& out, const nlohmann::json& result);

}  // namespace vibro::cli
