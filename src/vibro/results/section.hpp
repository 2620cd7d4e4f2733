#pragma once
// An optional section of a result that lives in a header of its own. `std::optional<S>` needs
// S's definition wherever the struct that holds it is compiled, so a field added to one
// scheme's section would recompile every unit that sees the run's findings. A Section<S> holds
// S on the heap with its copy and its deletion fixed where the value was made (where S is
// complete, as shared_ptr fixes its deleter): a unit that only passes the holding struct along,
// copies or destroys it compiles without S's header, and one that reads a section's fields
// without it does not compile (an incomplete type) instead of misbehaving. The holding struct
// stays an aggregate, so its declared fields are counted as before (results/declared_fields.hpp).
//
// The interface is std::optional's, as far as the results use it: has_value, a test in `if`,
// *, ->, assignment of a value, emplace and reset. Renderers treat it as an optional
// (io/declared_json.hpp asks for has_value and value_type).

#include <concepts>
#include <type_traits>
#include <utility>

namespace vibro {

namespace section_detail {

/// How a held value is copied and deleted: instantiated by Section::emplace alone, where S is
/// complete.
template <class S>
struct Operations {
  S* (*copy)(const S*);
  void (*destroy)(S*) noexcept;
};
template <class S>
inline constexpr Operations<S> operations{[](const S* s) { return new S(*s); }, [](S* s) noexcept { delete s; }};

}  // namespace section_detail

template <class S>
class Section {
 public:
  using value_type = S;

  Section() = default;
  Section(const Section& other) : held_(other.held_ ? other.made_->copy(other.held_) : nullptr), made_(other.made_) {}
  Section(Section&& other) noexcept
      : held_(std::exchange(other.held_, nullptr)), made_(std::exchange(other.made_, nullptr)) {}
  Section& operator=(const Section& other) {
    if (this != &other) *this = Section(other);
    return *this;
  }
  Section& operator=(Section&& other) noexcept {
    if (this != &other) {
      reset();
      held_ = std::exchange(other.held_, nullptr);
      made_ = std::exchange(other.made_, nullptr);
    }
    return *this;
  }
  ~Section() { reset(); }

  /// A value of S (a template, so that assigning a Section does not ask whether it converts
  /// to an S, which would need S's definition).
  template <class T>
    requires std::same_as<std::remove_cvref_t<T>, S>
  Section& operator=(T&& value) {
    emplace(std::forward<T>(value));
    return *this;
  }
  template <class... Args>
  S& emplace(Args&&... args) {
    S* made = new S(std::forward<Args>(args)...);
    reset();
    held_ = made;
    made_ = &section_detail::operations<S>;
    return *held_;
  }
  void reset() noexcept {
    if (held_) made_->destroy(held_);
    held_ = nullptr;
    made_ = nullptr;
  }

  bool has_value() const { return held_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  S& operator*() { return *held_; }
  const S& operator*() const { return *held_; }
  S* operator->() { return held_; }
  const S* operator->() const { return held_; }

 private:
  S* held_ = nullptr;
  const section_detail::Operations<S>* made_ = nullptr;
};

}  // namespace vibro
