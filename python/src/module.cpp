// vibro._core: the library as the Python package (python/vibro/__init__.py, docs/python.md)
// calls it. Each function runs what the verb of the same name runs, through the same library
// functions, with the GIL released and Ctrl-C watched (interrupt.hpp), and returns the verb's
// JSON as text (io/result_json.hpp): the package turns it into objects, so a result of the
// module and `vibro VERB --json` are one document. Trajectories come as NumPy arrays
// (row_columns.hpp). Bad input raises InputError (a ValueError), any other failure RunError,
// each with the one line `vibro` prints after "vibro: error: ".

#include "interrupt.hpp"
#include "row_columns.hpp"
#include "step_function.hpp"

#include "vibro/io/case_file.hpp"
#include "vibro/io/output_directory.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/case/tolerance_ladder.hpp"
#include "vibro/io/testset_json.hpp"
#include "vibro/report/study_outputs.hpp"
#include "vibro/report/testset_report.hpp"
#include "vibro/external/external_scheme.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/run/listed_case.hpp"
#include "vibro/run/listed_scheme.hpp"
#include "vibro/case/model_kind.hpp"
#include "vibro/orbits/orbit_listing.hpp"
#include "vibro/drive/reference_values.hpp"
#include "vibro/run/run_case.hpp"
#include "vibro/lyapunov/run_lyapunov.hpp"
#include "vibro/testset/testset_run.hpp"

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace py = pybind11;
namespace fs = std::filesystem;

namespace vibro::python {

namespace {

std::optional<Precision> precision_argument(const std::optional<std::string>& text, const char* name) {
  if (!text) return std::nullopt;
  try {
    return Precision::parse(*text);
  } catch (const std::invalid_argument& why) {
    throw InputError("", name, why.what());
  }
}

/// What every run takes: the precision (None: the case's), the threads of a study (0: one per
/// core, as `vibro`), and how its rounding floor is found (None: as `vibro` does by default).
RunOptions run_options(const std::optional<std::string>& precision, unsigned threads,
                       const std::optional<bool>& measure_rounding) {
  RunOptions options;
  options.precision = precision_argument(precision, "precision");
  options.threads = threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  if (measure_rounding) options.rounding_floor = *measure_rounding ? RoundingFloor::measured : RoundingFloor::model;
  return options;
}

/// The scheme of a Python step function, when one is given, studied over `tolerances` (checked
/// as --tolerances is) or, with by_tolerance, the case's or the default ladder
/// (docs/own_scheme.md "Tolerance ladders"); neither needs a step function.
std::optional<ExternalScheme> step_scheme(const py::object& call, const std::string& name,
                                          const std::vector<std::string>& tolerances = {}, bool by_tolerance = false) {
  if (call.is_none()) {
    if (!tolerances.empty() || by_tolerance)
      throw InputError("", tolerances.empty() ? "by_tolerance" : "tolerances",
                       "a tolerance ladder is for a step function (step_fn): a built-in scheme has a step");
    return std::nullopt;
  }
  if (!tolerances.empty()) check_tolerance_ladder(tolerances, "", "tolerances");
  ExternalScheme scheme = step_function_scheme(call, name);
  scheme.tolerances = tolerances;
  scheme.by_tolerance = by_tolerance;
  return scheme;
}

py::tuple run(const CaseSpec& c, const std::optional<std::string>& precision, bool trajectory, bool error_estimate,
              const std::optional<bool>& measure_rounding, unsigned threads, bool study, const py::object& step_call,
              const std::string& name) {
  RunOptions options = run_options(precision, threads, measure_rounding);
  options.error_estimate = error_estimate;
  options.study = study;
  const std::optional<ExternalScheme> scheme = step_scheme(step_call, name);
  if (scheme) options.program = &*scheme;
  RowColumns rows;
  if (trajectory) options.rows = &rows;
  const std::string json = interruptible([&](Progress& progress) {
    options.progress = &progress;
    return to_json(run_case(c, options)).dump();
  });
  return py::make_tuple(json, trajectory ? py::object(rows.arrays()) : py::none());
}

std::string converge(const CaseSpec& c, const std::optional<std::string>& precision, unsigned threads,
                     unsigned timing_repeats, const std::optional<bool>& measure_rounding, const py::object& step_call,
                     const std::string& name, const std::optional<fs::path>& out,
                     const std::vector<std::string>& tolerances, bool by_tolerance) {
  const std::optional<ExternalScheme> scheme = step_scheme(step_call, name, tolerances, by_tolerance);
  // A tolerance ladder runs at the case's step alone: no [convergence] list of step sizes needed.
  if (tolerances.empty() && !by_tolerance) require_convergence_list(c);
  RunOptions options = run_options(precision, threads, measure_rounding);
  options.timing_repeats = timing_repeats;
  if (scheme) options.program = &*scheme;
  if (out) require_output_directory(*out, "out", {});  // the command line's rule, before the work
  return interruptible([&](Progress& progress) {
    options.progress = &progress;
    const RunResult result = run_case(c, options);
    if (out) {
      make_output_directory(*out, "out", {});
      write_study_files(result, *out);
    }
    return to_json(result).dump();
  });
}

nlohmann::json event_json(const ReferenceEventValues& e) {
  return {{"kind", e.kind}, {"t", e.t.text}, {"v_minus", e.v_minus.text}, {"v_plus", e.v_plus.text},
          {"coordinate", e.coordinate}};
}

/// What the reference is, its horizon and events, as JSON: every number as its exact text.
nlohmann::json reference_header(const ReferenceValues& values, const Precision& p) {
  nlohmann::json json{{"reference", values.reference}, {"precision", p.name()},  {"t0", values.t0.text},
                      {"t_end", values.t_end.text},    {"dimension", values.dimension}, {"events", nullptr}};
  if (values.events) {
    json["events"] = nlohmann::json::array();
    for (const ReferenceEventValues& e : *values.events) json["events"].push_back(event_json(e));
  }
  return json;
}

/// The reference's values as JSON, every number as its exact text.
std::string reference(const CaseSpec& c, const std::optional<std::string>& precision,
                      const std::vector<std::string>& times) {
  const Precision p = precision_argument(precision, "precision").value_or(c.precision);
  return interruptible([&](Progress&) {
    const ReferenceValues values = reference_values(c, p, times);
    nlohmann::json json = reference_header(values, p);
    const auto texts = [](const std::vector<std::vector<NumberText>>& rows) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& row : rows) {
        nlohmann::json r = nlohmann::json::array();
        for (const NumberText& x : row) r.push_back(x.text);
        out.push_back(r);
      }
      return out;
    };
    json["positions"] = texts(values.positions);
    json["velocities"] = texts(values.velocities);
    return json.dump();
  });
}

/// `values` as a (rows, columns) NumPy array that owns them (no copy).
py::array_t<double> owned_array(std::vector<double>&& values, std::size_t rows, std::size_t columns) {
  auto* held = new std::vector<double>(std::move(values));
  const py::capsule owner(held, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  return py::array_t<double>({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(columns)}, held->data(), owner);
}

/// The reference in double at times given as doubles: the header's JSON, and the positions and
/// velocities as (rows, dimension) arrays — no text per time (docs/python.md "The reference").
py::tuple reference_at(const CaseSpec& c, const py::array_t<double, py::array::c_style | py::array::forcecast>& times) {
  if (times.ndim() != 1) throw InputError("", "times", "a list of times (one dimension) was expected");
  const std::span<const double> asked(times.data(), static_cast<std::size_t>(times.size()));
  ReferenceDoubles values = interruptible([&](Progress&) { return reference_doubles(c, asked); });
  const std::size_t dimension = values.about.dimension;
  return py::make_tuple(reference_header(values.about, Precision::parse("double")).dump(),
                        owned_array(std::move(values.positions), asked.size(), dimension),
                        owned_array(std::move(values.velocities), asked.size(), dimension));
}

/// The document and the warnings `vibro lyapunov` prints on stderr.
py::tuple lyapunov(const CaseSpec& c, const std::optional<std::string>& precision, std::size_t ensemble,
                     const std::string& perturbation, const std::optional<std::string>& second_precision,
                     unsigned threads) {
  // The command line's limit on --ensemble (round 4: ensemble=10**12 was accepted).
  if (ensemble > lyapunov_ensemble_limit)
    throw InputError("", "ensemble", std::to_string(ensemble) + " is above the limit of " +
                                         std::to_string(lyapunov_ensemble_limit) + " runs from nearby starts");
  RunOptions options = run_options(precision, threads, std::nullopt);
  options.lyapunov_ensemble = ensemble;
  options.lyapunov_perturbation = perturbation;
  options.lyapunov_second_precision = precision_argument(second_precision, "second_precision");
  const auto [json, warnings] = interruptible([&](Progress& progress) {
    options.progress = &progress;
    const LyapunovResult result = run_lyapunov_case(c, options);
    std::vector<std::string> said;  // what `vibro lyapunov` prints as warnings
    for (const auto& warning : {result.lyapunov.sum_rule_warning, result.lyapunov.section_impact_warning})
      if (warning) said.push_back(*warning);
    return std::pair{to_json(result).dump(), said};
  });
  return py::make_tuple(json, warnings);
}

std::string orbits(const CaseSpec& c, const std::optional<std::pair<int, int>>& n,
                   const std::optional<std::string>& precision) {
  const Precision p = precision_argument(precision, "precision").value_or(c.precision);
  const auto [n_min, n_max] = n.value_or(c.orbits.value_or(std::pair{1, 2}));
  if (n_min < 1 || n_max < n_min || n_max > 1000)
    throw InputError("", "n", "(" + std::to_string(n_min) + ", " + std::to_string(n_max) +
                                  ") is not a range of n (allowed: 1 <= n_min <= n_max <= 1000)");
  return interruptible([&](Progress&) { return to_json(list_orbits(c, n_min, n_max, p)).dump(); });
}

std::string testset(const fs::path& problems, const fs::path& references, const std::vector<std::string>& ids,
                    const std::vector<std::string>& schemes, bool all, const std::optional<std::string>& precision,
                    unsigned timing_repeats, const py::object& step_call, const std::string& name,
                    const std::optional<fs::path>& out, unsigned threads, const std::vector<std::string>& tolerances,
                    bool by_tolerance) {
  for (const std::string& s : schemes) known_scheme_entry(s, "schemes");
  RunOptions options = run_options(precision, threads, std::nullopt);
  const std::optional<ExternalScheme> scheme = step_scheme(step_call, name, tolerances, by_tolerance);
  if (scheme) options.program = &*scheme;
  const TestsetRunRequest request{schemes, all, options.precision, timing_repeats};
  if (out) require_output_directory(*out, "out", {problems, references});  // the command line's rule
  return interruptible([&](Progress& progress) {
    options.progress = &progress;
    const TestsetRunResult result = run_testset(load_testset(problems, references, ids), request, options);
    if (out) {
      make_output_directory(*out, "out", {problems, references});
      write_testset_files(result, *out);
    }
    return to_json(result).dump();
  });
}

std::string list_cases_json(const fs::path& directory) {
  std::vector<std::string> skipped;
  return to_json(list_cases(directory, skipped)).dump();
}

}  // namespace

}  // namespace vibro::python

PYBIND11_MODULE(_core, m) {
  using namespace vibro;
  using namespace vibro::python;
  m.doc() = "The compiled part of the vibro package: call the functions of `vibro`, not these.";
  m.attr("version") = VIBRO_VERSION;

  static const py::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
  static const py::exception<RunFailure> run_error(m, "RunError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr failure) {
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const py::error_already_set&) {  // Python's own (KeyboardInterrupt, a step function's)
      throw;
    } catch (const py::builtin_exception&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const InputError& why) {
      PyErr_SetString(input_error.ptr(), one_line(why.what()).c_str());
    } catch (const std::exception& why) {
      PyErr_SetString(run_error.ptr(), one_line(why.what()).c_str());
    }
  });

  py::class_<CaseSpec>(m, "Case", py::dynamic_attr(), "A case file, read and checked: load_case(path) or case_from_dict(d).")
      .def_property_readonly("name", [](const CaseSpec& c) { return c.name; })
      .def_property_readonly("file", [](const CaseSpec& c) { return c.file; }, "The file (or label) it was read from")
      .def_property_readonly("description", [](const CaseSpec& c) { return c.description; })
      .def_property_readonly("precision", [](const CaseSpec& c) { return c.precision.name(); },
                             "Its precision, as --precision names it")
      .def_property_readonly("model", [](const CaseSpec& c) { return std::string(model_name(c.model.model_kind())); },
                             "Its model type, as [model] type names it")
      .def_property_readonly("scheme", [](const CaseSpec& c) { return c.scheme.type; }, "Its scheme's case-file name")
      .def_property_readonly(
          "steps",
          [](const CaseSpec& c) {
            std::vector<std::string> steps;
            for (const StepSpec& s : c.convergence) steps.push_back(s.text());
            return steps;
          },
          "The step sizes of its [convergence] list, as written")
      .def_property_readonly(
          "testset_id", [](const CaseSpec& c) { return c.testset ? std::optional(c.testset->id) : std::nullopt; },
          "Its test-set id (VI-03) when it is a test-set problem, else None")
      .def("__repr__", [](const CaseSpec& c) { return "<vibro.Case '" + c.name + "' from " + c.file + ">"; });

  m.def("load_case", [](const fs::path& file) { return load_case(file); });
  m.def("parse_case", [](const std::string& text, const std::string& label) { return parse_case(text, label); });
  m.def("list_cases", &list_cases_json);
  m.def("schemes", [] { return to_json(scheme_listing()).dump(); });
  m.def("testset_problems", [](const fs::path& problems, const std::vector<std::string>& ids,
                               const std::optional<std::string>& precision) {
    return to_json(testset_listing(problems, ids, precision_argument(precision, "precision"))).dump();
  });
  m.def("run", &run);
  m.def("converge", &converge);
  m.def("reference", &reference);
  m.def("reference_at", &reference_at);
  m.def("lyapunov", &lyapunov);
  m.def("orbits", &orbits);
  m.def("testset", &testset);
}
