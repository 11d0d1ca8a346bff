// shared_value.hpp — a catalog entry a Context holds by value, shared between the context's copies.
//
// The planner and the decision searches copy the Context hundreds of times per result (one per accelerator,
// layout and search step); the engine entry alone — its strings, efficiency map and sources — was 40 % of
// what each copy cost (docs/performance.md). Copies now share one entry (the engine, the weight format, the
// hardware); `edit()` gives a copy its own entry first, so a change made through one context is never seen by
// another, nor by the catalog.
#pragma once

#include <memory>
#include <utility>

namespace infersizer {

template <class T>
class SharedValue {
public:
    SharedValue() : entry_(std::make_shared<T>()) {}
    SharedValue(T value) : entry_(std::make_shared<T>(std::move(value))) {}  // NOLINT: implicit, as the plain member was
    // Holds `entry` (not null) together with whoever else holds it (context.cpp: the catalog's accelerators).
    explicit SharedValue(std::shared_ptr<T> entry) : entry_(std::move(entry)) {}
    SharedValue& operator=(T value) {
        entry_ = std::make_shared<T>(std::move(value));
        return *this;
    }

    const T& operator*() const { return *entry_; }
    const T* operator->() const { return entry_.get(); }
    operator const T&() const { return *entry_; }  // NOLINT: passes where a `const T&` is taken

    // The one way to change the entry: copy-on-write, so the other contexts keep what they had.
    T& edit() {
        if (entry_.use_count() > 1) entry_ = std::make_shared<T>(*entry_);
        return *entry_;
    }

    // Whether two holders share one entry (tests: a copy shares, an edited copy does not).
    bool shares_with(const SharedValue& other) const { return entry_ == other.entry_; }

private:
    std::shared_ptr<T> entry_;  // never null
};

}  // namespace infersizer
