#include "vibro/io/spooled_run_json.hpp"

#include "vibro/io/declared_json.hpp"
#include "vibro/io/result_json.hpp"
#include "vibro/results/run_result_fields.hpp"
#include "vibro/support/input_error.hpp"
#include "vibro/results/reference_findings.hpp"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>

namespace vibro {
namespace {

[[noreturn]] void spool_failed(const std::string& doing) {
  throw RunFailure("the run's listing (every event and sample, spooled for its JSON in the temporary directory, "
                   "TMPDIR or /tmp): " + doing + " failed: " + std::strerror(errno));
}

}  // namespace

std::string_view key_of(SpooledList list) {
  switch (list) {
    case SpooledList::events: return "events";
    case SpooledList::sticking_intervals: return "sticking_intervals";
    case SpooledList::stroboscopic: return "stroboscopic";
  }
  return "";
}

/// One list's file: a line per element, its texts separated by tabs (a number's text, an
/// event's kind and a period never hold a tab or a line break).
class ListingSpool::File {
 public:
  File() {
    std::error_code error;
    const std::filesystem::path directory = std::filesystem::temp_directory_path(error);
    if (error) throw RunFailure("no temporary directory for the run's listing: " + error.message());
    std::string name = (directory / "vibro-listing-XXXXXX").string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) spool_failed("creating a file in " + directory.string());
    ::unlink(name.c_str());
    file_ = ::fdopen(fd, "w");
    if (!file_) {
      ::close(fd);
      spool_failed("opening a file in " + directory.string());
    }
  }
  ~File() { std::fclose(file_); }
  File(const File&) = delete;
  File& operator=(const File&) = delete;

  /// A line of `fields`, then of the texts `more`.
  void line(std::initializer_list<std::string_view> fields, const std::vector<NumberText>& more = {}) {
    buffer_.clear();
    bool first = true;
    const auto add = [&](std::string_view field) {
      if (field.find_first_of("\t\n") != std::string_view::npos)
        throw std::logic_error("a listed text with a tab or a line break: " + std::string(field));
      if (!first) buffer_ += '\t';
      first = false;
      buffer_ += field;
    };
    for (const std::string_view field : fields) add(field);
    for (const NumberText& x : more) add(x.text);
    buffer_ += '\n';
    if (std::fwrite(buffer_.data(), 1, buffer_.size(), file_) != buffer_.size()) spool_failed("writing");
  }

  /// Up to `size` bytes from `offset` into `to` (0 at the end), everything written so far
  /// readable.
  std::size_t read(std::int64_t offset, char* to, std::size_t size) const {
    if (std::fflush(file_) != 0) spool_failed("writing");
    const ssize_t got = ::pread(::fileno(file_), to, size, offset);
    if (got < 0) spool_failed("reading back");
    return static_cast<std::size_t>(got);
  }

 private:
  std::FILE* file_ = nullptr;
  std::string buffer_;
};

ListingSpool::ListingSpool()
    : files_{std::make_unique<File>(), std::make_unique<File>(), std::make_unique<File>()} {}

ListingSpool::~ListingSpool() = default;

namespace {
std::size_t index_of(SpooledList list) { return static_cast<std::size_t>(list); }
}  // namespace

void ListingSpool::event(const ReferenceEventText& e) {
  files_[index_of(SpooledList::events)]->line({e.kind, e.t.text, e.v_minus.text, e.v_plus.text});
}

void ListingSpool::sticking_interval(const StickingInterval& interval) {
  File& file = *files_[index_of(SpooledList::sticking_intervals)];
  if (interval.end)
    file.line({interval.start.text, interval.end->text});
  else
    file.line({interval.start.text});
}

// A sample's line: its period and time, then "u" with u and v, or "q" with the count of
// coordinates, every q_i and every v_i.
void ListingSpool::stroboscopic_sample(const StroboscopicSample& sample) {
  File& file = *files_[index_of(SpooledList::stroboscopic)];
  const StateText& s = sample.state;
  const std::string period = std::to_string(sample.period);
  if (!s.has_coordinates()) {
    file.line({period, s.t.text, "u", s.u.text, s.v.text});
    return;
  }
  std::vector<NumberText> coordinates = s.q;
  coordinates.insert(coordinates.end(), s.qv.begin(), s.qv.end());
  file.line({period, s.t.text, "q", std::to_string(s.q.size())}, coordinates);
}

ListingSpool::Reader ListingSpool::read(SpooledList list, JsonNumbers numbers) const {
  return Reader(*files_[index_of(list)], list, numbers);
}

ListingSpool::Reader::Reader(const File& file, SpooledList list, JsonNumbers numbers)
    : file_(&file), list_(list), numbers_(numbers) {}

namespace {

/// The integer a spooled field holds (a period, a count), written by std::to_string.
template <class Integer>
Integer integer_field(std::string_view field) {
  Integer value{};
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size())
    throw std::logic_error("a spooled line with a field that is not an integer: " + std::string(field));
  return value;
}

NumberText text_field(std::string_view field) { return NumberText{std::string(field)}; }

}  // namespace

std::optional<nlohmann::json> ListingSpool::Reader::next() {
  std::size_t end = buffer_.find('\n', position_);
  while (end == std::string::npos) {
    buffer_.erase(0, position_);
    position_ = 0;
    constexpr std::size_t chunk = 1 << 16;
    const std::size_t size = buffer_.size();
    buffer_.resize(size + chunk);
    const std::size_t got = file_->read(offset_, buffer_.data() + size, chunk);
    buffer_.resize(size + got);
    offset_ += static_cast<std::int64_t>(got);
    if (got == 0) {
      if (!buffer_.empty()) throw std::logic_error("a spooled list ends in a cut line");
      return std::nullopt;
    }
    end = buffer_.find('\n');
  }
  fields_.clear();
  std::string_view rest(buffer_.data() + position_, end - position_);
  for (std::size_t tab; (tab = rest.find('\t')) != std::string_view::npos; rest.remove_prefix(tab + 1))
    fields_.push_back(rest.substr(0, tab));
  fields_.push_back(rest);
  position_ = end + 1;
  const auto field = [&](std::size_t i) {
    if (i >= fields_.size()) throw std::logic_error("a spooled line with too few fields");
    return fields_[i];
  };
  switch (list_) {
    case SpooledList::events:
      return declared_json(ReferenceEventText{std::string(field(0)), text_field(field(1)), text_field(field(2)),
                                              text_field(field(3))},
                           numbers_);
    case SpooledList::sticking_intervals: {
      StickingInterval interval{text_field(field(0)), std::nullopt};
      if (fields_.size() > 1) interval.end = text_field(fields_[1]);
      return declared_json(interval, numbers_);
    }
    case SpooledList::stroboscopic: {
      StroboscopicSample sample{integer_field<std::int64_t>(field(0)), {}};
      StateText& s = sample.state;
      s.t = text_field(field(1));
      if (field(2) == "u") {
        s.u = text_field(field(3));
        s.v = text_field(field(4));
      } else {
        const std::size_t n = integer_field<std::size_t>(field(3));
        for (std::size_t i = 0; i < n; ++i) {
          s.q.push_back(text_field(field(4 + i)));
          s.qv.push_back(text_field(field(4 + n + i)));
        }
      }
      return declared_json(sample, numbers_);
    }
  }
  throw std::logic_error("an unknown spooled list");
}

namespace {

/// The start of every marker of this process: a control character, which a case's text (its
/// description, say) can hold only if written so on purpose, and a random number, which it
/// cannot know.
const std::string& marker_prefix() {
  static const std::string prefix = "\x01vibro-" + std::to_string(std::random_device{}()) + ":";
  return prefix;
}

constexpr std::string_view spooled_tag = "spooled:";

/// The array `elements` as nlohmann's dump(2) writes it at a key indented by `indent`: "[]"
/// when empty, else each element on its own lines, indented two more, and "]" under the key.
void write_array(const SplicedArray& array, std::size_t indent, const std::function<void(std::string_view)>& write) {
  bool first = true;
  std::string piece;
  array.elements([&](const nlohmann::json& element) {
    piece = first ? "[\n" : ",\n";
    first = false;
    piece.append(indent + 2, ' ');
    for (const char ch : element.dump(2)) {
      piece += ch;
      if (ch == '\n') piece.append(indent + 2, ' ');
    }
    write(piece);
  });
  write(first ? std::string("[]") : "\n" + std::string(indent, ' ') + "]");
}

}  // namespace

std::string splice_marker(std::string_view name) { return marker_prefix() + std::string(name); }

std::vector<SplicedArray> spooled_arrays(nlohmann::json& run_json, const RunResult& result, const ListingSpool& spool,
                                         std::string_view name) {
  const JsonNumbers numbers = JsonNumbers::for_significand_bits(result.provenance.precision.significand_bits);
  std::vector<SplicedArray> arrays;
  nlohmann::json& run = run_json.at("run");
  for (const SpooledList list : spooled_lists) {
    const std::string key(key_of(list));
    if (!run.contains(key)) continue;
    const std::string marker = splice_marker(std::string(spooled_tag) + std::string(name) + ":" + key);
    run[key] = marker;
    arrays.push_back({marker, [&spool, list, numbers](const JsonElementSink& each) {
                        ListingSpool::Reader reader = spool.read(list, numbers);
                        while (const std::optional<nlohmann::json> element = reader.next()) each(*element);
                      }});
  }
  return arrays;
}

std::optional<SpooledList> spooled_list_marked(std::string_view text) {
  const std::string& prefix = marker_prefix();
  if (!text.starts_with(prefix) || !text.substr(prefix.size()).starts_with(spooled_tag)) return std::nullopt;
  const std::string_view key = text.substr(text.rfind(':') + 1);
  for (const SpooledList list : spooled_lists)
    if (key == key_of(list)) return list;
  return std::nullopt;
}

void write_spliced_json(const nlohmann::json& json, const std::vector<SplicedArray>& arrays,
                        const std::function<void(std::string_view)>& write) {
  const std::string text = json.dump(2);
  // The markers as dump writes them: the control character escaped, in quotes.
  const std::string prefix = nlohmann::json(marker_prefix()).dump();
  const std::string_view opening = std::string_view(prefix).substr(0, prefix.size() - 1);
  std::size_t from = 0, spliced = 0;
  for (std::size_t at; (at = text.find(opening, from)) != std::string::npos;) {
    const std::size_t end = text.find('"', at + opening.size());
    const std::string marker = nlohmann::json::parse(text.substr(at, end + 1 - at)).get<std::string>();
    const SplicedArray* array = nullptr;
    for (const SplicedArray& candidate : arrays)
      if (candidate.marker == marker) array = &candidate;
    if (!array) throw std::logic_error("a marker with no array in a spliced JSON text");
    const std::size_t line_start = text.rfind('\n', at) + 1;
    write(std::string_view(text).substr(from, at - from));
    write_array(*array, text.find_first_not_of(' ', line_start) - line_start, write);
    from = end + 1;
    ++spliced;
  }
  if (spliced != arrays.size()) throw std::logic_error("an array with no marker in a spliced JSON text");
  write(std::string_view(text).substr(from));
  write("\n");
}

void write_spooled_run_json(const RunResult& result, const ListingSpool& spool,
                            const std::function<void(std::string_view)>& write) {
  nlohmann::json json = to_json(result);
  const std::vector<SplicedArray> arrays = spooled_arrays(json, result, spool, "run");
  write_spliced_json(json, arrays, write);
}

}  // namespace vibro
