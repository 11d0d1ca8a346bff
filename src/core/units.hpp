// units.hpp — the unit factors of the core, in one place. Names of quantities carry their unit (memory_gib,
// bandwidth_gbs, t0_ms); these convert between them. Binary sizes (KiB, MiB, GiB) are what CUDA, engines' logs
// and the result report; decimal ones (GB, GB/s, TFLOPS) are what vendors label.
#pragma once

namespace infersizer::units {

inline constexpr double kKiB = 1024.0;         // bytes
inline constexpr double kMiB = 1024.0 * kKiB;  // bytes
inline constexpr double kGiB = 1024.0 * kMiB;  // bytes
inline constexpr double kMiBPerGiB = kGiB / kMiB;

inline constexpr double kGB = 1e9;     // bytes in a vendor's GB; bytes/s in a GB/s
inline constexpr double kTera = 1e12;  // FLOP/s in a TFLOPS (ops/s in a TOPS)
inline constexpr double kBillion = 1e9;  // parameters in a "params_b" billion
inline constexpr double kMillion = 1e6;  // tokens in the "mtok" of a price per million tokens
inline constexpr double kMsPerS = 1e3;   // milliseconds in a second
inline constexpr double kSecondsPerDay = 86400.0;

// Requests a day that `output_tps` output tokens per second finish, each `output_tokens` long (the setup kept at
// that rate all day).
inline constexpr double requests_a_day(double output_tps, double output_tokens) {
    return output_tps * kSecondsPerDay / output_tokens;
}

}  // namespace infersizer::units
