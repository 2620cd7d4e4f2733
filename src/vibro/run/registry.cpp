#include "vibro/run/registry.hpp"

namespace vibro {
namespace {

/// The entry's scheme at double on model kind K satisfies the Scheme concept (checked at
/// compile time for every model kind the entry declares).
template <class E, ModelKind K>
constexpr bool shaped() {
  if constexpr (E::models.contains(K)) return Scheme<typename E::template scheme_type<typename ModelOfKind<K, double>::type>>;
  else return true;
}

template <class E>
DeclaredOrders declared_orders_of() {
  static_assert(shaped<E, ModelKind::impact_oscillator>() && shaped<E, ModelKind::constant_force>() &&
                    shaped<E, ModelKind::conservative_oscillator>() && shaped<E, ModelKind::duffing_oscillator>() &&
                    shaped<E, ModelKind::linear_system>() && shaped<E, ModelKind::double_pendulum>(),
                "every scheme of the registry satisfies vibro::Scheme on every model it declares");
  // The declared orders are a property of the scheme, not of the model: take them from the
  // first model the entry runs on.
  if constexpr (E::models.contains(ModelKind::impact_oscillator))
    return E::template scheme_type<ImpactOscillator<double>>::declared_orders;
  else if constexpr (E::models.contains(ModelKind::constant_force))
    return E::template scheme_type<ConstantForce<double>>::declared_orders;
  else if constexpr (E::models.contains(ModelKind::conservative_oscillator))
    return E::template scheme_type<ConservativeOscillator<double>>::declared_orders;
  else if constexpr (E::models.contains(ModelKind::linear_system))
    return E::template scheme_type<LinearImpactSystem<double>>::declared_orders;
  else
    return E::template scheme_type<DoublePendulum<double>>::declared_orders;
}

}  // namespace

const std::vector<SchemeInfo>& scheme_infos() {
  static const std::vector<SchemeInfo> infos = [] {
    std::vector<SchemeInfo> list;
    for_each_entry([&]<class E>(std::type_identity<E>, std::size_t) {
      SchemeInfo info;
      for (const std::string_view name : E::names) info.names.emplace_back(name);
      info.display_name = E::display_name;
      info.study_note = E::study_note;
      info.models = E::models;
      info.scalars = E::scalars;
      if constexpr (requires { E::study_scalars; }) info.study_scalars = E::study_scalars;
      else info.study_scalars = E::scalars;
      info.has_step = E::has_step;
      for (const std::string_view key : E::option_keys) info.option_keys.emplace_back(key);
      info.declared_orders = declared_orders_of<E>();
      list.push_back(std::move(info));
    });
    return list;
  }();
  return infos;
}

std::optional<std::size_t> entry_named(std::string_view name) {
  const auto& infos = scheme_infos();
  for (std::size_t i = 0; i < infos.size(); ++i)
    for (const auto& n : infos[i].names)
      if (n == name) return i;
  return std::nullopt;
}

std::string scheme_names_text() {
  std::string text;
  for (const auto& info : scheme_infos())
    for (const auto& n : info.names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

ScalarSet runnable_scalars(const CaseSpec& c) {
  return scheme_infos().at(c.scheme.entry).scalars & model_scalars(c.model.model_kind());
}

void require_runnable(const CaseSpec& c, const Precision& precision, const std::string& key, const ScalarNeed& need) {
  const ScalarSet allowed = runnable_scalars(c) & need.scalars;
  if (allowed.contains(precision.kind)) return;
  std::vector<std::string> why;
  const ScalarSet& scheme_scalars = scheme_infos().at(c.scheme.entry).scalars;
  if (!scheme_scalars.contains(precision.kind))
    why.push_back("scheme '" + c.scheme.type + "' " +
                  (precision.kind == ScalarKind::rational ? std::string("needs a floating-point type")
                                                          : "runs only in " + scheme_scalars.text()));
  if (!model_scalars(c.model.model_kind()).contains(precision.kind))
    why.push_back("the exact rational type needs a rational model, and " + std::string(model_name(c.model.model_kind())) +
                  " uses cos(ωt) and T = 2π/ω");
  if (!need.scalars.contains(precision.kind)) why.push_back(need.why);
  std::string text;
  for (const auto& reason : why) text += (text.empty() ? "" : "; ") + reason;
  throw InputError(c.file, key, precision.name() + ": " + text + " (allowed here: " + allowed.text() + ")");
}

}  // namespace vibro
