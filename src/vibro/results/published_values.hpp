#pragma once
// Published tables (data with provenance): every
// number a seed paper prints, with its digits as printed, units, method, settings, source
// and a status saying what the harness can do with it. One TOML per seed under
// reference/published/ (read by io/published_table.hpp; the format is documented in
// reference/published/README.md); `vibro check` gives each value a verdict
// (published/published_check.hpp).

#include "vibro/case/case_spec.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace vibro {

/// What the harness can do with a published number.
enum class PublishedStatus {
  reproduced,        ///< re-computed by the harness to the digits printed
  relation_only,     ///< the number cannot be re-computed; only the listed relations can be checked
  not_reproducible,  ///< neither the number nor a relation is checked; the reason says why
};

/// "reproduced", "relation-only", "not-reproducible".
std::string_view status_name(PublishedStatus status);
/// Every status name, in the order of PublishedStatus.
const std::vector<std::string>& published_status_names();

/// Where a number is printed.
struct PublishedSource {
  std::string seed;               ///< "001"
  std::string file;               ///< the plain-text seed file
  std::string section;            ///< section as numbered and titled in the seed
  std::string table_or_equation;  ///< which table row or displayed equation
  std::int64_t line = 0;          ///< approximate line in the plain-text seed
};

struct PublishedValue {
  std::string id;                ///< stable, unique across tables, starts with the seed: "001.IDED.lambda1"
  std::string quantity;          ///< one of published_quantities()
  std::string method;            ///< one of published_methods()
  std::string label_as_printed;  ///< the method's label next to the number, as the seed spells it
  NumberInput value;             ///< the text as printed (ASCII minus, "e" for "× 10^") and its exact value
  int digits_printed = 0;        ///< significant digits of value.text
  std::string units;
  std::map<std::string, std::string> settings;  ///< key (one of published_settings()) → text as printed
  PublishedSource source;
  PublishedStatus status = PublishedStatus::not_reproducible;
  std::vector<std::string> relations;  ///< names from published_relations(); at least one when relation-only
  std::string reason;
};

/// The outcome a relation is expected to have on one member of the chaotic family: a fact
/// measured once and recorded with its evidence, which `vibro check` compares every run with
/// (a relation's outcome is a finding about the seeds' claims on that member, not a pass or
/// fail of the harness).
struct RecordedOutcome {
  std::string relation;     ///< one of published_relations(), listed by a value of the same table
  std::string family;       ///< the member, as its cases name it ([lyapunov] family)
  bool holds = false;       ///< outcome = "holds" (true) or "contradicted"
  std::string reason;       ///< why it comes out so
  std::string evidence;     ///< the numbers measured
  std::string measured_by;  ///< the command that measured them
};

struct PublishedTable {
  std::string file;       ///< path as given, for messages
  std::string seed;       ///< "001"
  std::string seed_file;  ///< the plain-text seed file every value's source names
  std::string paper;      ///< the paper, as far as the seed says
  std::vector<PublishedValue> values;
  std::vector<RecordedOutcome> outcomes;  ///< [[outcome]]: expected outcomes of its relations
};

/// The quantities a published value may be (e.g. "lyapunov.lambda1").
const std::vector<std::string>& published_quantities();
/// The methods as the seeds name them (IDED, …, I.D.P, …, NSPS, NSMMM, standard).
const std::vector<std::string>& published_methods();
/// The setting keys a value may record.
const std::vector<std::string>& published_settings();
/// The relations a relation-only value may take part in (seed 001 §5, seed 000 §4, seed 002 §3.1).
const std::vector<std::string>& published_relations();
/// What a relation states, in one sentence (empty for a name that is none).
std::string_view relation_statement(std::string_view relation);

}  // namespace vibro
