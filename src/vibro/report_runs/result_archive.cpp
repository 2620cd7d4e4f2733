#include "vibro/report_runs/result_archive.hpp"

#include "vibro/results/declared_sections.hpp"
#include "vibro/results/section.hpp"

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace vibro {
namespace {

/// `S` is `T` or `const T`: one field list serves the writer (const) and the reader.
template <class S, class T>
concept Of = std::same_as<std::remove_const_t<S>, T>;

/// A section declared in results/declared_sections.hpp, its names left out: `a` writes or reads
/// each member in the declared order.
template <class Archive>
struct Unnamed {
  Archive& a;
  void operator()(const char*, auto& member) { a(member); }
};
void fields(auto& a, DeclaredResult auto& x) {
  Unnamed<std::remove_reference_t<decltype(a)>> unnamed{a};
  visit_members(unnamed, x);
}

// The other field lists, in declaration order. `a(...)` writes or reads each field.
void fields(auto& a, Of<NumberText> auto& x) { a(x.text); }
void fields(auto& a, Of<Parameter> auto& x) { auto& [k, t, l] = x; a(k, t, l); }
void fields(auto& a, Of<ModelDescription> auto& x) { auto& [t, p] = x; a(t, p); }
void fields(auto& a, Of<SchemeDescription> auto& x) { auto& [t, d, o, s, e] = x; a(t, d, o, s, e); }
void fields(auto& a, Of<RunningSample> auto& x) { auto& [k, l1, l2] = x; a(k, l1, l2); }

template <class T>
inline constexpr bool is_vector = false;
template <class T>
inline constexpr bool is_vector<std::vector<T>> = true;
template <class T>
inline constexpr bool is_optional = false;
template <class T>
inline constexpr bool is_optional<std::optional<T>> = true;
/// A result's section (results/section.hpp) goes as an optional does.
template <class T>
inline constexpr bool is_optional<Section<T>> = true;
template <class T>
inline constexpr bool is_map = false;
template <class K, class V>
inline constexpr bool is_map<std::map<K, V>> = true;
template <class T>
inline constexpr bool is_pair = false;
template <class A, class B>
inline constexpr bool is_pair<std::pair<A, B>> = true;
template <class T>
inline constexpr bool is_array = false;
template <class T, std::size_t N>
inline constexpr bool is_array<std::array<T, N>> = true;

/// A number's bytes as they are in memory: the reader is the same executable.
template <class T>
concept Plain = std::is_arithmetic_v<T> || std::is_enum_v<T>;

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  template <class... T>
  void operator()(const T&... x) {
    (put(x), ...);
  }

 private:
  template <class T>
  void put(const T& x) {
    if constexpr (std::same_as<T, bool>) {
      out_.push_back(x ? '\1' : '\0');
    } else if constexpr (Plain<T>) {
      char raw[sizeof(T)];
      std::memcpy(raw, &x, sizeof(T));
      out_.append(raw, sizeof(T));
    } else if constexpr (std::same_as<T, std::string>) {
      put(static_cast<std::uint64_t>(x.size()));
      out_ += x;
    } else if constexpr (is_vector<T> || is_map<T>) {
      put(static_cast<std::uint64_t>(x.size()));
      for (const auto& element : x) put(element);
    } else if constexpr (is_array<T> || is_per_metric<T>) {
      for (const auto& element : x) put(element);
    } else if constexpr (is_optional<T>) {
      put(x.has_value());
      if (x) put(*x);
    } else if constexpr (is_pair<T>) {
      put(x.first);
      put(x.second);
    } else {
      fields(*this, x);
    }
  }
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view& in) : in_(in) {}
  template <class... T>
  void operator()(T&... x) {
    (get(x), ...);
  }

 private:
  std::string_view take(std::size_t n) {
    if (in_.size() < n) throw std::runtime_error("a worker's result ends early: the report cannot read it");
    const std::string_view bytes = in_.substr(0, n);
    in_.remove_prefix(n);
    return bytes;
  }
  std::size_t size() {
    std::uint64_t n = 0;
    get(n);
    // Every element takes at least one byte: a larger count is a corrupt length.
    if (n > in_.size()) throw std::runtime_error("a worker's result holds a length beyond its bytes");
    return static_cast<std::size_t>(n);
  }
  template <class T>
  void get(T& x) {
    if constexpr (std::same_as<T, bool>) {
      x = take(1)[0] != '\0';
    } else if constexpr (Plain<T>) {
      std::memcpy(&x, take(sizeof(T)).data(), sizeof(T));
    } else if constexpr (std::same_as<T, std::string>) {
      x = std::string(take(size()));
    } else if constexpr (is_vector<T>) {
      x.assign(size(), {});
      for (auto& element : x) get(element);
    } else if constexpr (is_map<T>) {
      x.clear();
      for (std::size_t n = size(); n > 0; --n) {
        std::pair<typename T::key_type, typename T::mapped_type> element;
        get(element);
        x.insert(std::move(element));
      }
    } else if constexpr (is_array<T> || is_per_metric<T>) {
      for (auto& element : x) get(element);
    } else if constexpr (is_optional<T>) {
      bool present = false;
      get(present);
      x.reset();
      if (present) get(x.emplace());
    } else if constexpr (is_pair<T>) {
      get(x.first);
      get(x.second);
    } else {
      fields(*this, x);
    }
  }
  std::string_view& in_;
};

}  // namespace

ResultArchiveWriter& ResultArchiveWriter::operator<<(const RunResult& result) {
  ByteWriter{bytes_}(result);
  return *this;
}
ResultArchiveWriter& ResultArchiveWriter::operator<<(const LyapunovResult& result) {
  ByteWriter{bytes_}(result);
  return *this;
}
ResultArchiveWriter& ResultArchiveWriter::operator<<(double x) {
  ByteWriter{bytes_}(x);
  return *this;
}

ResultArchiveReader& ResultArchiveReader::operator>>(RunResult& result) {
  ByteReader{rest_}(result);
  return *this;
}
ResultArchiveReader& ResultArchiveReader::operator>>(LyapunovResult& result) {
  ByteReader{rest_}(result);
  return *this;
}
ResultArchiveReader& ResultArchiveReader::operator>>(double& x) {
  ByteReader{rest_}(x);
  return *this;
}

void ResultArchiveReader::finish() const {
  if (!rest_.empty())
    throw std::runtime_error("a worker's result has " + std::to_string(rest_.size()) + " bytes the report did not read");
}

}  // namespace vibro
