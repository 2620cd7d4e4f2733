// `vibro orbits CASE`: the closed-form (1, n) orbits of a case's oscillator
// (docs/periodic_orbits.md); with --write-case, each admissible one as a case starting on it
// (refusing to replace a file); with --prove, the proofs in ball arithmetic of each root, its
// admissibility and its multipliers (docs/proofs.md).

#include "text_output.hpp"
#include "verb.hpp"

#include "vibro/io/atomic_file.hpp"
#include "vibro/io/case_file.hpp"
#include "vibro/io/output_directory.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/orbits/orbit_listing.hpp"
#include "vibro/orbits/orbit_proofs.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace vibro::cli {

namespace {

namespace fs = std::filesystem;

class OrbitsVerb : public Verb {
 public:
  explicit OrbitsVerb(CLI::App& app)
      : Verb(app.add_subcommand("orbits",
                                "Closed-form (1, n) periodic orbits of a case's impact oscillator: phase, velocity, "
                                "Floquet multipliers, stability, admissibility (docs/periodic_orbits.md); with --prove, proved in "
                                "ball arithmetic (docs/proofs.md)")) {
    command().add_option("CASE", case_file_, "Case file (TOML) of an impact oscillator")->required();
    command()
        .add_option("--n", n_,
                    "The n of the (1, n) orbits: N, or N1 N2 for the range (default: the case's [orbits] n, else 1 2)")
        ->expected(1, 2)
        ->check(CLI::Range(1, 1000));
    command().add_option("--write-case", write_dir_,
                         "Write each admissible orbit as a case starting on it (IDED over --periods) into this "
                         "directory")
        ->check(path_to_write());
    command()
        .add_option("--periods", periods_, "Periods of the written cases' Lyapunov runs (with --write-case)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000}))
        ->needs("--write-case")
        ->capture_default_str();
    command().add_flag("--prove", prove_,
                       "Prove each root in Arb's ball arithmetic: its uniqueness in a stated box, transversality, "
                       "admissibility, multipliers and stability, or say why not (docs/proofs.md)");
    command()
        .add_option("--digits", digits_, "Working precision of the proofs, in decimal digits")
        ->check(CLI::Range(20L, 10000L))
        ->needs("--prove")
        ->capture_default_str();
    command().get_option("--prove")->excludes("--write-case");
  }

  int execute(const CommonOptions& common) override {
    const CaseSpec c = load_case(case_file_);
    const Precision precision = common.precision.value_or(c.precision);
    // --n, else the case's [orbits] n, else n = 1 and 2.
    const std::optional<std::pair<int, int>> n_given =
        command().count("--n") ? std::optional(std::pair{n_.front(), n_.back()}) : std::nullopt;
    const auto [n_min, n_max] = n_given.value_or(c.orbits.value_or(std::pair{1, 2}));
    if (prove_) {
      if (common.precision) throw InputError("", "--precision", "--prove works in balls at --digits: no --precision");
      const OrbitProofListing proofs = prove_orbits(c, n_min, n_max, digits_, common.progress);
      if (common.json) std::cout << to_json(proofs).dump(2) << "\n";
      else print_orbit_proofs(std::cout, proofs);
      return 0;
    }
    const OrbitListing listing = list_orbits(c, n_min, n_max, precision);
    // The cases to write are checked before anything is printed: a refusal leaves stdout empty.
    if (!write_dir_.empty()) require_output_directory(write_dir_, "--write-case", {});
    std::vector<std::pair<fs::path, std::string>> cases;
    for (const OrbitRow& o : listing.orbits) {
      if (write_dir_.empty() || !o.admissible) continue;
      const fs::path file = write_dir_ / (orbit_case_name(c, o) + ".toml");
      if (fs::exists(file)) throw InputError("", "--write-case", file.string() + " exists: not replaced");
      cases.emplace_back(file, orbit_case_text(c, o, periods_, precision));
    }
    if (common.json) std::cout << to_json(listing).dump(2) << "\n";
    else print_orbits(std::cout, listing);
    if (cases.empty()) return 0;
    make_output_directory(write_dir_, "--write-case", {});
    for (const auto& [file, text] : cases) {
      write_file_atomically(file, text);
      std::cerr << "wrote " << file.string() << "\n";
    }
    return 0;
  }

 private:
  fs::path case_file_, write_dir_;
  std::vector<int> n_ = {1, 2};
  std::int64_t periods_ = 200;
  bool prove_ = false;
  long digits_ = default_proof_digits;
};

}  // namespace

std::unique_ptr<Verb> orbits_verb(CLI::App& app, CommonOptions&) { return std::make_unique<OrbitsVerb>(app); }

}  // namespace vibro::cli
