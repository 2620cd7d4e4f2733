#include "vibro/results/order_verdict.hpp"

#include "vibro/case/scheme_catalog.hpp"
#include "vibro/results/run_result.hpp"

#include <map>

namespace vibro {

std::string_view to_string(OrderVerdictKind kind) {
  switch (kind) {
    case OrderVerdictKind::agrees: return "agrees";
    case OrderVerdictKind::differs: return "differs";
    case OrderVerdictKind::exact: return "exact (zero error)";
    case OrderVerdictKind::no_asymptotic_range: return "no asymptotic range";
  }
  return "";  // not reached: every kind has its case
}

const std::vector<std::string>& order_verdicts() {
  static const std::vector<std::string> names = {
      std::string(to_string(OrderVerdictKind::agrees)), std::string(to_string(OrderVerdictKind::differs)),
      std::string(to_string(OrderVerdictKind::exact)), std::string(to_string(OrderVerdictKind::no_asymptotic_range))};
  return names;
}


std::string point_statuses(const OrderAnalysis& analysis) {
  std::map<std::string, std::size_t> counts;
  for (const PointStatus status : analysis.status) ++counts[std::string(to_string(status))];
  std::string text;
  for (const auto& [status, count] : counts)
    text += (text.empty() ? "" : ", ") + (count == analysis.status.size() ? status : std::to_string(count) + " " + status);
  return text;
}

const DeclaredOrders& declared_orders_of(const RunResult& result) {
  static const DeclaredOrders none{};  // a program's orders are what its study measures
  if (result.scheme.external) return none;
  return scheme_infos().at(*entry_named(result.scheme.type)).declared_orders;
}

}  // namespace vibro
