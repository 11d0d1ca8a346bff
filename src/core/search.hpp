// search.hpp — the core's one set of searches over monotone predicates (users per replica, replicas, layouts,
// the decision table's concurrency and context limits). Each returns the boundary where the predicate changes;
// the predicates are monotone by construction (more users, less speed; more cards, more memory), and the
// settling variants let a cheap screen guess before the expensive judge (the serving simulation) decides.
#pragma once

#include <algorithm>
#include <cstdint>

namespace infersizer {

// Largest k in [a, b] with ok(k), assuming ok holds up to some k and fails beyond; a − 1 when ok(a) fails.
// Doubling from a, then bisecting: about 2·log2(b − a) checks.
template <class Ok>
int64_t largest_true(int64_t a, int64_t b, Ok ok) {
    if (a > b || !ok(a)) return a - 1;
    int64_t good = a, bad = b + 1;
    for (int64_t step = 1;; step *= 2) {
        const int64_t x = a + step;
        if (x >= b) {
            if (ok(b)) return b;
            bad = b;
            break;
        }
        if (!ok(x)) {
            bad = x;
            break;
        }
        good = x;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

// Settles a monotone predicate near a good guess: from `start`, steps of `first_step` doubling each time towards
// the change, then bisection. Largest k in [a, b] with ok(k); a − 1 when ok(a) fails.
template <class Ok>
int64_t settle_near(int64_t start, int64_t first_step, int64_t a, int64_t b, Ok ok) {
    if (a > b) return a - 1;
    start = std::clamp(start, a, b);
    int64_t step = std::max<int64_t>(1, first_step);
    int64_t good = a - 1, bad = b + 1;
    if (ok(start)) {
        good = start;
        while (good < b) {
            const int64_t next = std::min(b, good + step);
            if (!ok(next)) {
                bad = next;
                break;
            }
            good = next;
            step *= 2;
        }
        if (bad > b) return good;
    } else {
        bad = start;
        while (bad > a) {
            const int64_t next = std::max(a, bad - step);
            if (ok(next)) {
                good = next;
                break;
            }
            bad = next;
            step *= 2;
        }
        if (good < a) return a - 1;
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

// The same search where `screen` is cheap and approximate and `confirm` is the judge: the screened answer is
// settled by up to three steps of an eighth towards the first change of `confirm`, then bisection (doubling up
// to b when `confirm` still holds). a − 1 when `confirm` fails at a.
template <class Screen, class Confirm>
int64_t largest_true_confirmed(int64_t a, int64_t b, Screen screen, Confirm confirm) {
    if (a > b) return a - 1;
    const int64_t start = std::clamp<int64_t>(largest_true(a, b, screen), a, b);
    constexpr int kWalk = 3;
    int64_t good = a - 1, bad = b + 1;
    if (confirm(start)) {
        good = start;
        for (int i = 0; i < kWalk && good < b && bad > b; ++i) {
            const int64_t next = std::min(b, good + std::max<int64_t>(1, (good - a + 1) / 8));
            (confirm(next) ? good : bad) = next;
        }
        if (bad > b) return largest_true(good, b, confirm);
    } else {
        bad = start;
        for (int i = 0; i < kWalk && bad > a && good < a; ++i) {
            const int64_t next = std::max(a, bad - std::max<int64_t>(1, (bad - a + 1) / 8));
            (confirm(next) ? good : bad) = next;
        }
    }
    while (bad - good > 1) {
        const int64_t mid = good + (bad - good) / 2;
        (confirm(mid) ? good : bad) = mid;
    }
    return good;
}

// Smallest k in [a, b] with ok(k), assuming ok fails up to some k and holds beyond; b + 1 when ok(b) fails.
// Checks a first (the common answer), then b, then bisects.
template <class Ok>
int64_t smallest_true(int64_t a, int64_t b, Ok ok) {
    if (a > b) return b + 1;
    if (ok(a)) return a;
    if (a == b || !ok(b)) return b + 1;
    int64_t bad = a, good = b;
    while (good - bad > 1) {
        const int64_t mid = bad + (good - bad) / 2;
        (ok(mid) ? good : bad) = mid;
    }
    return good;
}

}  // namespace infersizer
