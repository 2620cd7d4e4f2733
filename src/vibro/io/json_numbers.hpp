#pragma once
// Numbers in JSON results: every value as round-trip text (to_text), so that an MPFR result
// keeps all its digits and a script can re-check it at any precision.

#include "vibro/scalar/format.hpp"

#include <nlohmann/json.hpp>

namespace vibro {

template <class Real>
nlohmann::json state_json(const Real& t, const Real& u, const Real& v) {
  return {{"t", to_text(t)}, {"u", to_text(u)}, {"v", to_text(v)}};
}

}  // namespace vibro
