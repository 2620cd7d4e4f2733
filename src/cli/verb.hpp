#pragma once
// A verb of `vibro` (run, converge, lyapunov, …): made on the command-line parser, it adds
// its subcommand and that subcommand's options; after parsing, the one the command line
// chose runs. Each verb is one file, cli/VERB_verb.cpp,
// and is made by its function below, in the order `vibro --help` lists them.

#include "common_options.hpp"

#include <CLI/CLI.hpp>

#include <memory>

namespace vibro::cli {

class Verb {
 public:
  virtual ~Verb() = default;
  Verb(const Verb&) = delete;
  Verb& operator=(const Verb&) = delete;

  /// Whether the command line named this verb.
  bool chosen() const { return static_cast<bool>(*command_); }
  /// Runs the verb with the options every verb shares; returns the exit status. Throws
  /// InputError on bad input, as the parser's own checks do.
  virtual int execute(const CommonOptions& common) = 0;
  /// Whether --precision may be a list (`vibro run` compares the runs side by side).
  virtual bool takes_precision_list() const { return false; }

 protected:
  explicit Verb(CLI::App* command) : command_(command) {}
  CLI::App& command() const { return *command_; }

 private:
  CLI::App* command_;  ///< owned by the parser
};

// Each adds its subcommand to `app`; options every verb shares and those several verbs
// have (--json-out, the rounding-floor flags) are bound to `common`.
std::unique_ptr<Verb> list_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> run_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> converge_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> lyapunov_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> orbits_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> check_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> sweep_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> testset_verb(CLI::App& app, CommonOptions& common);
std::unique_ptr<Verb> report_verb(CLI::App& app, CommonOptions& common);

}  // namespace vibro::cli
