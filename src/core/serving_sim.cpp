// serving_sim.cpp — the continuous-batching simulation (serving_sim.hpp; docs/serving.md).
//
// [SECTION] Lengths and arrivals
// [SECTION] State
// [SECTION] Scheduling one step
// [SECTION] Advancing: one mixed step, or a run of decode steps
// [SECTION] The loop and the steady-state window
//
// Decoding requests are not touched one by one every step: every decoding sequence gains one position per
// step, so the step needs only their count and the sum of their positions, kept as
// Σ(position at join − join step) + count × step. Finishing requests come off a min-heap keyed by the step
// of their last token. A preempted request is dropped lazily (its heap entry no longer matches).
#include "serving_sim.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <queue>
#include <vector>

namespace infersizer {

double StepCost::decode_run_s(double seqs, double positions0, int64_t steps) const {
    double sum = 0;
    StepMix mix;
    mix.decode_seqs = seqs;
    for (int64_t i = 0; i < steps; ++i) {
        mix.decode_positions = positions0 + seqs * static_cast<double>(i);
        sum += step_s(mix);
    }
    return sum;
}

namespace {

// Bounds on the work of one simulation (a search runs hundreds of them).
constexpr int64_t kMaxSimulatedClients = 4096;
constexpr int64_t kMaxSteps = 4'000'000;
constexpr size_t kOverloadQueue = 20000;
constexpr double kQuantileHalfWidth = 0.05;
constexpr double kGoldenRatioConjugate = 0.6180339887498949;

// [SECTION] Lengths and arrivals ------------------------------------------------------------------------------

// The k-th value of a van der Corput sequence in base `B`: evenly spread over [0, 1) at every prefix. The base is a
// template argument so its divisions compile to multiplications (every request of a varied run takes two).
template <uint64_t B>
double van_der_corput(uint64_t k) {
    double v = 0, f = 1.0 / static_cast<double>(B);
    for (; k > 0; k /= B, f /= static_cast<double>(B)) v += static_cast<double>(k % B) * f;
    return v;
}

template <uint64_t Base>
int64_t spread_length(int64_t mean, uint64_t k, LengthSpread spread) {
    if (spread == LengthSpread::fixed || mean <= 1) return std::max<int64_t>(1, mean);
    const double u = van_der_corput<Base>(k + 1);  // uniform over [0.5, 1.5] × mean
    return std::max<int64_t>(1, static_cast<int64_t>(std::llround(static_cast<double>(mean) * (0.5 + u))));
}

// splitmix64: a small, well-mixed generator so open-loop arrivals are the same in every build.
struct Rng {
    uint64_t state = 0x9E3779B97F4A7C15ull;
    double uniform() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return (static_cast<double>(z >> 11) + 0.5) / 9007199254740992.0;  // (0, 1)
    }
};

// [SECTION] State ---------------------------------------------------------------------------------------------

enum class Phase { waiting, prefilling, decoding, done };

struct Request {
    double arrival = 0;
    double first_token = -1;
    double admitted = -1;     // first admission (a preempted request keeps its first)
    int64_t prompt = 1;
    int64_t output = 1;
    int64_t generated = 0;    // output tokens produced so far
    int64_t to_prefill = 0;   // tokens to compute before decoding (prompt, or prompt + generated after preemption)
    int64_t prefilled = 0;
    int64_t join_step = 0;    // first decode step
    int64_t pos0 = 0;         // positions attended in that step
    int64_t finish_step = 0;  // last decode step
    double reserved = 0;      // KV tokens held from admission to the end (reserving engines)
    uint32_t version = 0;     // bumped on preemption: stale heap and order entries are skipped
    Phase phase = Phase::waiting;
    bool preloaded = false;   // placed mid-cycle at the start of a steady-state run: never measured
    bool suspended = false;   // preempted after its first token: its time per output token runs on while it waits
};

struct HeapEntry {
    int64_t finish_step;
    int32_t index;
    uint32_t version;
    bool operator>(const HeapEntry& o) const { return finish_step > o.finish_step; }
};

struct Window {
    bool open = false;
    double start = 0;
    double running_time = 0, waiting_time = 0, kv_time = 0, steps_time = 0;
    int64_t steps = 0;
    double kv_peak = 0;
    int64_t preemptions = 0;
    std::vector<double> ttft, tpot;
    double admission_wait = 0;
    double tokens = 0;          // output tokens of the requests measured (finite and open runs), or generated (steady)
    int64_t requests = 0;
    // Steady state: time per output token as the decoders see it, over the window: Σ decoders × step time
    // (stalled and preempted ones included) over the tokens they produced.
    double decoder_time = 0;
    double decode_tokens = 0;
    int64_t first_tokens = 0;   // requests that got their first token in the window (preloaded ones included)
};

class Simulation {
public:
    Simulation(const StepCost& cost, const SchedulerConfig& sc, const Workload& w) : cost_(cost), sc_(sc), w_(w) {
        sc_.max_seqs = std::max<int64_t>(1, sc_.max_seqs);
        sc_.step_tokens = std::max<int64_t>(1, sc_.step_tokens);
        sc_.kv_block_tokens = std::max<int64_t>(1, sc_.kv_block_tokens);
        // Asked at every step and admission; the scheduler does not change during a run.
        kv_slack_ = sc_.paged_kv ? 0.5 * static_cast<double>(sc_.kv_block_tokens - 1) : 0.0;
        kv_grows_ = sc_.paged_kv && !sc_.reserve_full_sequence;
        kv_limited_ = sc_.paged_kv && sc_.kv_capacity_tokens > 0;
        w_.prompt_tokens = std::max<int64_t>(1, w_.prompt_tokens);
        w_.output_tokens = std::max<int64_t>(1, w_.output_tokens);
        if (w_.arrival_rate_per_s > 0 && std::isfinite(w_.arrival_rate_per_s)) mode_ = Mode::open;
        else if (w_.total_requests > 0) mode_ = Mode::finite;
    }

    SimOutcome run();
    void set_burst() {
        if (mode_ != Mode::open) mode_ = Mode::burst;
    }

private:
    // Requests and their lengths.
    int32_t new_request(double arrival) {
        const uint64_t k = static_cast<uint64_t>(requests_.size());
        Request r;
        r.arrival = arrival;
        r.prompt = spread_length<2>(w_.prompt_tokens, k, w_.spread);
        r.output = spread_length<3>(w_.output_tokens, k, w_.spread);
        r.to_prefill = r.prompt;
        requests_.push_back(r);
        return static_cast<int32_t>(requests_.size() - 1);
    }

    // Half a block wasted per sequence on average (paged engines).
    double kv_slack() const { return kv_slack_; }
    // KV grows token by token (vLLM, SGLang) unless the engine reserves a request's whole sequence at admission
    // (TensorRT-LLM's GUARANTEED_NO_EVICT), which never needs a preemption.
    bool kv_grows() const { return kv_grows_; }
    bool kv_limited() const { return kv_limited_; }
    double kv_room() const {
        return kv_limited() ? static_cast<double>(sc_.kv_capacity_tokens) - kv_used_ : std::numeric_limits<double>::infinity();
    }
    int64_t running() const { return n_decoding_ + static_cast<int64_t>(prefilling_.size()); }
    double decode_positions() const { return positions_base_ + static_cast<double>(n_decoding_) * static_cast<double>(dclock_); }

    void start_decoding(int32_t i);
    void finish(int32_t i, double t);
    bool preempt_newest();
    void admit_arrivals();
    void account(double dt);
    void open_window_if_due();
    void preload(int64_t clients);
    void first_token(int32_t i);
    void count_decode_tokens(double tokens, int64_t steps, double dt) {
        win_.steps += steps;
        win_.steps_time += dt;
        win_.decode_tokens += tokens;
        if (mode_ == Mode::steady) win_.tokens += tokens;
    }

    const StepCost& cost_;
    SchedulerConfig sc_;
    Workload w_;
    double kv_slack_ = 0;
    bool kv_grows_ = false, kv_limited_ = false;
    // steady: a closed loop started mid-cycle, measured over a window (the figures a long load test converges
    // to); finite: a load tool's run of total_requests, all measured; open: Poisson arrivals; burst: every
    // client sends at t = 0, measured until each has its first token.
    enum class Mode { steady, finite, open, burst } mode_ = Mode::steady;

    std::vector<Request> requests_;
    std::deque<int32_t> waiting_;
    std::vector<int32_t> prefilling_;  // admitted, prompt not done, in admission order
    std::priority_queue<HeapEntry, std::vector<HeapEntry>, std::greater<HeapEntry>> finishing_;
    std::vector<std::pair<int32_t, uint32_t>> admission_order_;  // newest last, for preemption
    int64_t n_decoding_ = 0;
    int64_t n_suspended_ = 0;    // preempted after their first token, not yet decoding again
    double positions_base_ = 0;  // Σ (pos0 − join_step) over decoding requests
    double kv_used_ = 0;         // tokens (paged engines)

    double t_ = 0;
    int64_t step_ = 0;
    int64_t dclock_ = 0;
    int64_t block_left_ = 0;  // decode steps left in the current multi-step block  // decode steps run so far: a prefill-only step (SGLang) stalls the decoders
    int64_t completed_ = 0;
    int64_t warmup_ = 0, measure_ = 0;  // steady: first tokens before the window, samples in it; else completions
    int64_t first_tokens_ = 0;
    double next_arrival_ = 0;           // open loop: the next Poisson arrival
    Rng rng_;
    Window win_;
    bool kv_too_small_ = false, overloaded_ = false;
    int32_t initial_clients_ = 0;
    double burst_sum_ = 0;
    double upcoming_arrival() const { return mode_ == Mode::open ? next_arrival_ : std::numeric_limits<double>::infinity(); }
    int64_t burst_n_ = 0;
    bool done() const;
};

void Simulation::start_decoding(int32_t i) {
    Request& r = requests_[i];
    r.phase = Phase::decoding;
    r.join_step = dclock_;
    r.pos0 = r.to_prefill + 1;
    r.finish_step = dclock_ + (r.output - r.generated) - 1;
    positions_base_ += static_cast<double>(r.pos0 - r.join_step);
    ++n_decoding_;
    finishing_.push({r.finish_step, i, r.version});
}

void Simulation::finish(int32_t i, double t) {
    Request& r = requests_[i];
    r.phase = Phase::done;
    r.generated = r.output;
    ++completed_;
    if (win_.open && mode_ != Mode::steady) {
        win_.ttft.push_back(r.first_token - r.arrival);
        win_.admission_wait += r.admitted - r.arrival;
        if (r.output > 1) win_.tpot.push_back((t - r.first_token) / static_cast<double>(r.output - 1));
        win_.tokens += static_cast<double>(r.output);
        ++win_.requests;
    }
    // Closed loop: the client sends its next request at once.
    const bool more = mode_ != Mode::finite || static_cast<int64_t>(requests_.size()) < w_.total_requests;
    if (mode_ != Mode::open && more) waiting_.push_back(new_request(t));
}

// The step that completes a prompt samples the request's next token: its first, or (after a preemption) the
// next one of its answer.
void Simulation::first_token(int32_t i) {
    Request& r = requests_[i];
    ++r.generated;
    if (win_.open) win_.tokens += mode_ == Mode::steady ? 1.0 : 0.0;
    if (r.suspended) {
        r.suspended = false;
        --n_suspended_;
        if (win_.open) win_.decode_tokens += 1;
        return;
    }
    if (r.first_token >= 0) return;
    r.first_token = t_;
    ++first_tokens_;
    if (mode_ == Mode::burst && i < initial_clients_) burst_sum_ += t_ - r.arrival, ++burst_n_;
    if (!win_.open) return;
    ++win_.first_tokens;
    if (mode_ == Mode::steady && !r.preloaded) {
        win_.ttft.push_back(t_ - r.arrival);
        win_.admission_wait += r.admitted - r.arrival;
        ++win_.requests;
    }
}

// vLLM's recompute preemption: the most recently admitted running request gives its KV back and waits at
// the head of the queue; it later recomputes its prompt and the tokens it had generated.
bool Simulation::preempt_newest() {
    while (!admission_order_.empty()) {
        const auto [i, version] = admission_order_.back();
        admission_order_.pop_back();
        Request& r = requests_[i];
        if (r.version != version || (r.phase != Phase::decoding && r.phase != Phase::prefilling)) continue;
        if (r.phase == Phase::decoding) {
            const int64_t done = dclock_ - r.join_step;  // decode steps it ran
            r.generated += done;
            kv_used_ -= static_cast<double>(r.pos0 + done - 1) + kv_slack();
            positions_base_ -= static_cast<double>(r.pos0 - r.join_step);
            --n_decoding_;
        } else {
            kv_used_ -= static_cast<double>(r.prefilled) + kv_slack();
            prefilling_.erase(std::find(prefilling_.begin(), prefilling_.end(), i));
        }
        kv_used_ = std::max(0.0, kv_used_);
        ++r.version;
        if (r.first_token >= 0 && !r.suspended) {
            r.suspended = true;
            ++n_suspended_;
        }
        r.phase = Phase::waiting;
        r.to_prefill = r.prompt + r.generated;
        r.prefilled = 0;
        waiting_.push_front(i);
        if (win_.open) ++win_.preemptions;
        return true;
    }
    return false;
}

void Simulation::admit_arrivals() {
    if (mode_ != Mode::open) return;
    while (next_arrival_ <= t_) {
        waiting_.push_back(new_request(next_arrival_));
        next_arrival_ += -std::log(rng_.uniform()) / w_.arrival_rate_per_s;
    }
    if (waiting_.size() > kOverloadQueue) overloaded_ = true;
}

void Simulation::account(double dt) {
    if (!win_.open) return;
    win_.running_time += static_cast<double>(running()) * dt;
    win_.waiting_time += static_cast<double>(waiting_.size()) * dt;
    win_.kv_time += kv_used_ * dt;
    win_.kv_peak = std::max(win_.kv_peak, kv_used_);
    win_.decoder_time += static_cast<double>(n_decoding_ + n_suspended_) * dt;
}

void Simulation::open_window_if_due() {
    const int64_t seen = mode_ == Mode::steady ? first_tokens_ : completed_;
    if (!win_.open && seen >= warmup_) {
        win_.open = true;
        win_.start = t_;
    }
}

bool Simulation::done() const {
    if (step_ >= kMaxSteps || overloaded_) return true;
    switch (mode_) {
        case Mode::burst: return burst_n_ >= initial_clients_;
        case Mode::steady: return win_.open && win_.requests >= measure_;
        case Mode::finite:
        case Mode::open: return completed_ >= warmup_ + measure_;
    }
    return true;
}

// A closed loop that has run for a long time, without simulating the time it took to get there: each client is
// placed at its own point of the request cycle, as the steady-state estimate times the cycle. The clients'
// requests drift apart over a long run, unevenly: some prompts meet in one step, others do not. The points
// are the golden-ratio sequence, whose gaps are uneven (three lengths, 0.4 to 1.6 of the mean) yet never
// bunch up, and to which one more client adds one point without moving the others, so the figures move
// smoothly with the number of clients. A client
// early in its cycle has a request waiting for its first token (sent that long ago); the others are decoding,
// their progress through the answer evenly spread, holding the KV of their prompt and the tokens generated so
// far, as long as the sequence cap and the KV pool admit them (the rest wait, as they would). None of them is
// measured; the window opens once the waiting ones have had their first token, so a misjudged start fades
// before anything is measured.
void Simulation::preload(int64_t clients) {
    Workload inside = w_;  // the clients simulated: those beyond the server's hold are the queue outside
    inside.clients = clients;
    SchedulerConfig engine_only = sc_;  // the engine's own cycle: the serving path is outside it
    engine_only.serving_path_s = 0;
    const SimOutcome est = steady_state_estimate(cost_, engine_only, inside);
    const double O = static_cast<double>(w_.output_tokens);
    const double ttft = std::isfinite(est.ttft_mean_s) ? std::max(0.0, est.ttft_mean_s) : 0.0;
    const double tpot = std::isfinite(est.tpot_mean_s) ? std::max(0.0, est.tpot_mean_s) : 0.0;
    const double cycle = ttft + (O - 1.0) * tpot;
    const double waiting_share = cycle > 0 ? ttft / cycle : 1.0;
    std::vector<int32_t> queued, admitted;
    for (int64_t c = 0; c < clients; ++c) {
        // The fraction of a positive x as x − ⌊x⌋: exact (as fmod is) and several times faster than fmod.
        const double x = static_cast<double>(c + 1) * kGoldenRatioConjugate;
        const double u = x - std::floor(x);
        const int32_t i = new_request(-u * cycle);
        Request& r = requests_[i];
        r.preloaded = true;
        const double progress = waiting_share < 1.0 ? (u - waiting_share) / (1.0 - waiting_share) : -1.0;
        const int64_t g = 1 + static_cast<int64_t>(std::floor(std::max(0.0, progress) * static_cast<double>(r.output - 1)));
        const double held = static_cast<double>(r.prompt + g - 1) + kv_slack();
        const double need = sc_.reserve_full_sequence ? static_cast<double>(r.prompt + r.output) + kv_slack() : held;
        if (progress < 0 || g >= r.output || running() >= sc_.max_seqs || kv_room() < need) {
            queued.push_back(i);
            continue;
        }
        r.generated = g;
        r.to_prefill = r.prompt + g - 1;
        r.prefilled = r.to_prefill;
        r.first_token = -static_cast<double>(g - 1) * tpot;
        r.admitted = r.arrival;
        r.reserved = need;
        kv_used_ += sc_.paged_kv ? need : 0.0;
        start_decoding(i);
        admitted.push_back(i);
    }
    // Preemption takes the newest admission: oldest first.
    for (auto it = admitted.rbegin(); it != admitted.rend(); ++it) admission_order_.push_back({*it, requests_[*it].version});
    // The longest waiting first: the queue is in sending order.
    std::sort(queued.begin(), queued.end(), [&](int32_t a, int32_t b) { return requests_[a].arrival < requests_[b].arrival; });
    for (int32_t i : queued) {
        Request& r = requests_[i];
        r.generated = 0;
        r.to_prefill = r.prompt;
        r.first_token = -1;
        waiting_.push_back(i);
    }
    // The window opens on a first token, so a single client's window spans whole request cycles.
    warmup_ = std::max<int64_t>({static_cast<int64_t>(queued.size()), clients / 8, 1});
}

// [SECTION] Scheduling one step / advancing / the loop -----------------------------------------------------------

SimOutcome Simulation::run() {
    SimOutcome out;
    // Clients the server can hold at once: beyond that a closed loop only lengthens the queue, which Little's
    // law gives without simulating it (each extra client adds one request to wait behind).
    int64_t server_cap = sc_.max_seqs;
    if (kv_limited()) {
        // The fewest tokens one admission takes: a prompt (its whole sequence where the engine reserves it).
        const double shortest = w_.spread == LengthSpread::varied ? 0.5 : 1.0;
        const double per_seq = static_cast<double>(w_.prompt_tokens) * shortest + 1.0 +
                               (sc_.reserve_full_sequence ? static_cast<double>(w_.output_tokens) * shortest : 0.0);
        server_cap = std::min<int64_t>(server_cap, static_cast<int64_t>(static_cast<double>(sc_.kv_capacity_tokens) / per_seq) + 1);
    }
    int64_t clients = 0;
    if (mode_ == Mode::open) {
        warmup_ = 200;
        measure_ = 1000;
        next_arrival_ = 0;
    } else {
        // A burst's last clients wait for the first ones to finish, and a finite run measures every request:
        // those simulate every client (up to the bound); the steady state only those the server can hold.
        clients = mode_ == Mode::steady ? std::min(w_.clients, server_cap + 1) : w_.clients;
        clients = std::clamp<int64_t>(clients, 1, kMaxSimulatedClients);
        if (mode_ == Mode::finite) clients = std::min(clients, w_.total_requests);
        initial_clients_ = static_cast<int32_t>(clients);
        if (mode_ == Mode::steady) {
            // Measured: the first tokens of one round of fixed-length requests (each client's once, at least 24
            // for a 90th percentile), of two rounds of spread ones (at least 200: their lengths are a
            // low-discrepancy sequence, even over 0.5–1.5 × the mean at every prefix); past a hundred clients a
            // quarter round more per client is enough, their points of the cycle being evenly spread.
            const bool varied = w_.spread == LengthSpread::varied;
            const int64_t round = varied ? std::min(2 * clients, 200 + clients / 2) : std::min(clients, 96 + clients / 4);
            measure_ = std::clamp<int64_t>(round, varied ? 200 : 24, 8000);
            requests_.reserve(static_cast<size_t>(3 * clients + measure_ + 16));
            preload(clients);
        } else {
            warmup_ = 0;
            measure_ = mode_ == Mode::finite ? w_.total_requests : clients;
            for (int64_t c = 0; c < clients; ++c) waiting_.push_back(new_request(0.0));
        }
    }
    if (mode_ != Mode::steady) requests_.reserve(static_cast<size_t>(clients + warmup_ + measure_ + 16));
    out.simulated_clients = clients;

    std::vector<std::pair<int32_t, int64_t>> chunks;  // (request, tokens) of this step's prefill
    while (!done()) {
        open_window_if_due();
        admit_arrivals();

        // Prefill work this step: partial prompts first (in admission order), then waiting requests, within
        // the token budget, the sequence cap and the free KV. Inside a multi-step block (vLLM 0.6's
        // --num-scheduler-steps) nothing is scheduled until the block ends.
        chunks.clear();
        if (n_decoding_ == 0) block_left_ = 0;
        const bool in_block = block_left_ > 0 && n_decoding_ > 0;
        const bool decodes_ride = sc_.mixed_steps;
        int64_t budget = sc_.step_tokens - (decodes_ride ? n_decoding_ : 0);
        double room = kv_room() - (decodes_ride && kv_grows() ? static_cast<double>(n_decoding_) : 0.0);
        auto take = [&](const Request& r) -> int64_t {
            const int64_t left = r.to_prefill - r.prefilled;
            if (budget <= 0 || left <= 0) return 0;
            int64_t n = std::min(left, budget);
            if (!sc_.chunked_prefill && n < left) {
                // A whole prompt or nothing; one longer than any step may carry runs whole, first in its step.
                if (!(chunks.empty() && left > sc_.step_tokens)) return 0;
                n = left;
            }
            if (sc_.reserve_full_sequence) {
                // Admission reserves the whole sequence; a request already admitted holds its reservation.
                const bool admitted = r.phase == Phase::prefilling;
                const double whole = static_cast<double>(r.to_prefill + r.output - r.generated) + kv_slack();
                return admitted || room >= whole ? n : 0;
            }
            if (room < static_cast<double>(n) + kv_slack()) {
                if (!sc_.chunked_prefill) return 0;
                n = std::min<int64_t>(n, static_cast<int64_t>(std::floor(room - kv_slack())));
                if (n <= 0) return 0;
            }
            return n;
        };
        if (!in_block) {
            for (int32_t i : prefilling_) {
                const int64_t n = take(requests_[i]);
                if (n <= 0) continue;
                chunks.push_back({i, n});
                budget -= n;
                room -= static_cast<double>(n);
            }
        }
        while (!in_block && !waiting_.empty() && budget > 0 && running() < sc_.max_seqs) {
            const int32_t i = waiting_.front();
            const int64_t n = take(requests_[i]);
            if (n <= 0) break;
            waiting_.pop_front();
            Request& r = requests_[i];
            r.phase = Phase::prefilling;
            if (r.admitted < 0) r.admitted = t_;
            prefilling_.push_back(i);
            admission_order_.push_back({i, r.version});
            if (sc_.reserve_full_sequence) {
                r.reserved = static_cast<double>(r.to_prefill + r.output - r.generated) + kv_slack();
                kv_used_ += r.reserved;
                room -= r.reserved;
            } else {
                kv_used_ += kv_slack();
                room -= kv_slack();
            }
            chunks.push_back({i, n});
            budget -= n;
            room -= static_cast<double>(n);
        }

        const bool has_prefill = !chunks.empty();
        const int64_t decoding = (has_prefill && !decodes_ride) ? 0 : n_decoding_;
        if (!has_prefill && decoding == 0) {
            if (std::isfinite(upcoming_arrival())) {  // idle until the next arrival
                t_ = std::max(t_, upcoming_arrival());
                continue;
            }
            // Nothing runs and nothing can be admitted: the head of the queue needs more KV than the pool has.
            kv_too_small_ = true;
            break;
        }

        // Paged KV for this step's decode tokens: preempt the newest requests until they fit.
        if (decoding > 0 && kv_limited() && kv_grows()) {
            while (kv_room() < static_cast<double>(n_decoding_) && running() > 1)
                if (!preempt_newest()) break;
            if (kv_room() < static_cast<double>(n_decoding_)) {
                kv_too_small_ = true;
                break;
            }
        }
        const int64_t dec = (has_prefill && !decodes_ride) ? 0 : n_decoding_;

        if (!has_prefill) {
            // A run of identical decode steps, up to the next event: a request's last token, KV running out, or
            // (open loop) the next arrival.
            int64_t k = std::numeric_limits<int64_t>::max();
            while (!finishing_.empty()) {
                const HeapEntry& e = finishing_.top();
                const Request& r = requests_[e.index];
                if (r.version == e.version && r.phase == Phase::decoding) break;
                finishing_.pop();
            }
            if (!finishing_.empty()) k = std::min(k, finishing_.top().finish_step - dclock_ + 1);
            if (kv_limited() && kv_grows())
                k = std::min<int64_t>(k, std::max<int64_t>(1, static_cast<int64_t>(kv_room() / static_cast<double>(dec))));
            if (sc_.decode_block_steps > 1) {
                // A multi-step block runs to its end whatever arrives; a request finishing inside it ends there.
                if (block_left_ <= 0) block_left_ = sc_.decode_block_steps;
                k = std::min(k, block_left_);
            } else if (std::isfinite(upcoming_arrival())) {
                // Steps slow down as the positions grow: sized with the run's last (slowest) step, the run ends
                // before the arrival, and the next run covers the rest of the gap.
                StepMix last;
                last.decode_seqs = static_cast<double>(dec);
                const double span = k == std::numeric_limits<int64_t>::max() ? 0.0 : static_cast<double>(k - 1);
                last.decode_positions = decode_positions() + static_cast<double>(dec) * span;
                const double slowest = cost_.step_s(last);
                k = std::min<int64_t>(k, std::max<int64_t>(1, static_cast<int64_t>((upcoming_arrival() - t_) / slowest)));
            }
            // Keep the steady-state window's edges and averages honest: stop at the step the window opens.
            k = std::max<int64_t>(1, std::min<int64_t>(k, kMaxSteps));
            const double dt = cost_.decode_run_s(static_cast<double>(dec), decode_positions(), k);
            account(dt);
            if (win_.open) count_decode_tokens(static_cast<double>(dec * k), k, dt);
            t_ += dt;
            step_ += k;
            dclock_ += k;
            if (block_left_ > 0) block_left_ -= k;
            if (kv_grows()) kv_used_ += static_cast<double>(dec * k);
        } else {
            StepMix mix;
            mix.decode_seqs = static_cast<double>(dec);
            mix.decode_positions = dec > 0 ? decode_positions() : 0.0;
            for (const auto& [i, n] : chunks) {
                const double start = static_cast<double>(requests_[i].prefilled);
                const double tokens = static_cast<double>(n);
                mix.prefill_tokens += tokens;
                mix.prefill_positions += tokens * start + tokens * (tokens - 1.0) / 2.0;
                mix.prefill_seqs += 1;
            }
            const double dt = cost_.step_s(mix);
            account(dt);
            if (win_.open) count_decode_tokens(static_cast<double>(dec), 1, dt);
            t_ += dt;
            if (kv_grows()) kv_used_ += static_cast<double>(dec) + mix.prefill_tokens;
            ++step_;
            // A prefill-only step (SGLang) leaves the decoders where they were.
            if (dec > 0 || n_decoding_ == 0) ++dclock_;
            for (const auto& [i, n] : chunks) {
                Request& r = requests_[i];
                r.prefilled += n;
                if (r.prefilled < r.to_prefill) continue;
                // The step that completes a prompt samples its next token.
                prefilling_.erase(std::find(prefilling_.begin(), prefilling_.end(), i));
                first_token(i);
                if (r.generated >= r.output) {
                    kv_used_ -= sc_.reserve_full_sequence ? r.reserved : static_cast<double>(r.to_prefill) + kv_slack();
                    kv_used_ = std::max(0.0, kv_used_);
                    finish(i, t_);
                } else {
                    start_decoding(i);
                }
            }
        }

        // Requests whose last token was this step's.
        while (!finishing_.empty()) {
            const HeapEntry e = finishing_.top();
            Request& r = requests_[e.index];
            if (r.version != e.version || r.phase != Phase::decoding) {
                finishing_.pop();
                continue;
            }
            if (e.finish_step > dclock_ - 1) break;
            finishing_.pop();
            const double held = sc_.reserve_full_sequence ? r.reserved
                                                          : static_cast<double>(r.pos0 + (r.finish_step - r.join_step)) + kv_slack();
            if (sc_.paged_kv) kv_used_ = std::max(0.0, kv_used_ - held);
            positions_base_ -= static_cast<double>(r.pos0 - r.join_step);
            --n_decoding_;
            finish(e.index, t_);
        }
    }

    out.kv_too_small = kv_too_small_;
    if (mode_ == Mode::burst) {
        out.burst_ttft_s = burst_n_ > 0 ? burst_sum_ / static_cast<double>(burst_n_) : std::max(t_, 1e9);
        out.ttft_mean_s = out.ttft_p50_s = out.ttft_p90_s = out.burst_ttft_s;
        return out;
    }
    out.overloaded = overloaded_ || (mode_ == Mode::open && completed_ < warmup_ + measure_);
    const double span = t_ - win_.start;
    if (!win_.open || span <= 0 || win_.ttft.empty()) {
        // Never reached a steady state (a request can never run, or the open loop overflowed): report the
        // worst figure the run saw rather than a made-up one.
        const double inf_like = std::max(t_, 1e9);
        out.ttft_p50_s = out.ttft_p90_s = out.ttft_mean_s = out.burst_ttft_s = inf_like;
        out.tpot_p50_s = out.tpot_mean_s = inf_like;
        return out;
    }
    // A quantile as the mean of the order statistics within ±5 percentage points of it: a single order
    // statistic jumps between the modes of a wave-shaped distribution (requests that shared a prefill step
    // and those that did not) as an input moves by one; the local mean moves smoothly.
    // `v` sorted (each sample list is sorted once, then read at several quantiles).
    auto quantile = [](const std::vector<double>& v, double q) {
        if (v.empty()) return 0.0;
        const double n = static_cast<double>(v.size());
        const size_t a = static_cast<size_t>(std::clamp(std::floor((q - kQuantileHalfWidth) * n), 0.0, n - 1));
        const size_t b = static_cast<size_t>(std::clamp(std::ceil((q + kQuantileHalfWidth) * n), static_cast<double>(a + 1), n));
        double sum = 0;
        for (size_t i = a; i < b; ++i) sum += v[i];
        return sum / static_cast<double>(b - a);
    };
    auto mean = [](const std::vector<double>& v) {
        double s = 0;
        for (double x : v) s += x;
        return v.empty() ? 0.0 : s / static_cast<double>(v.size());
    };
    // Closed loop with more clients than the server holds: every request also waits behind the clients that
    // were not simulated, one completion each (Little's law on the queue).
    const bool steady = mode_ == Mode::steady;
    out.requests_per_s = static_cast<double>(steady ? win_.first_tokens : win_.requests) / span;
    double extra_wait = 0;
    if (steady && w_.clients > clients && out.requests_per_s > 0)
        extra_wait = static_cast<double>(w_.clients - clients) / out.requests_per_s;
    out.queue_wait_s = win_.admission_wait / static_cast<double>(win_.requests) + extra_wait;
    // Means in the order the samples came (before sorting them for the quantiles).
    out.ttft_mean_s = mean(win_.ttft) + extra_wait;
    const double tpot_mean = mean(win_.tpot);
    std::sort(win_.ttft.begin(), win_.ttft.end());
    std::sort(win_.tpot.begin(), win_.tpot.end());
    out.ttft_p50_s = quantile(win_.ttft, 0.5) + extra_wait;
    out.ttft_p90_s = quantile(win_.ttft, 0.9) + extra_wait;
    // One-token answers have no time per output token: the step that produced their token stands in.
    const double fallback = win_.steps > 0 ? win_.steps_time / static_cast<double>(win_.steps) : 0.0;
    if (steady) {
        // Every decoder's wait, step by step, over the tokens they produced: the mean of the requests' times per
        // output token without waiting for the window's requests to finish (one round instead of two).
        out.tpot_p50_s = out.tpot_mean_s = win_.decode_tokens > 0 ? win_.decoder_time / win_.decode_tokens : fallback;
    } else {
        out.tpot_p50_s = win_.tpot.empty() ? fallback : quantile(win_.tpot, 0.5);
        out.tpot_mean_s = win_.tpot.empty() ? fallback : tpot_mean;
    }
    out.throughput_tps = win_.tokens / span;
    out.mean_running = win_.running_time / span;
    out.mean_waiting = win_.waiting_time / span + static_cast<double>(std::max<int64_t>(0, w_.clients - clients));
    if (mode_ == Mode::open) out.mean_waiting = win_.waiting_time / span;
    out.kv_tokens_mean = win_.kv_time / span;
    out.kv_tokens_peak = win_.kv_peak;
    out.mean_step_s = fallback;
    out.preemptions = win_.preemptions;
    out.measured_requests = win_.requests;
    return out;
}

// The serving path (SchedulerConfig::serving_path_s) on every first token a client sees: the engine's figures are
// the simulation's, the client's these. A run that never reached a steady state keeps its worst figure as it is.
SimOutcome with_serving_path(SimOutcome o, const SchedulerConfig& sc) {
    const double path = std::isfinite(sc.serving_path_s) ? std::max(0.0, sc.serving_path_s) : 0.0;
    if (path <= 0 || o.ttft_p90_s >= 1e9) return o;
    o.ttft_p50_s += path;
    o.ttft_p90_s += path;
    o.ttft_mean_s += path;
    if (o.burst_ttft_s > 0) o.burst_ttft_s += path;
    return o;
}

}  // namespace

SimOutcome simulate_serving(const StepCost& cost, const SchedulerConfig& scheduler, const Workload& workload) {
    return with_serving_path(Simulation(cost, scheduler, workload).run(), scheduler);
}

double typical_kv_tokens(const SchedulerConfig& sc, const Workload& w) {
    const double P = static_cast<double>(std::max<int64_t>(1, w.prompt_tokens));
    const double O = static_cast<double>(std::max<int64_t>(1, w.output_tokens));
    return (sc.reserve_full_sequence ? P + O : P + O / 2.0) + 0.5 * static_cast<double>(sc.kv_block_tokens);
}

SimOutcome steady_state_estimate(const StepCost& cost, const SchedulerConfig& sc, const Workload& w) {
    SimOutcome out;
    const double P = static_cast<double>(std::max<int64_t>(1, w.prompt_tokens));
    const double O = static_cast<double>(std::max<int64_t>(1, w.output_tokens));
    const double budget = static_cast<double>(std::max<int64_t>(1, sc.step_tokens));
    const double users = static_cast<double>(std::max<int64_t>(1, w.clients));
    // Sequences the server runs at once: its cap, and a paged pool at the mean sequence (or the whole one
    // where admission reserves it).
    double n = std::min(users, static_cast<double>(std::max<int64_t>(1, sc.max_seqs)));
    const double per_seq = typical_kv_tokens(sc, w);
    bool kv_full = false;  // the pool, not the users or the sequence cap, stops the next admission
    if (sc.paged_kv && sc.kv_capacity_tokens > 0) {
        const double fit = std::max(1.0, std::floor(static_cast<double>(sc.kv_capacity_tokens) / per_seq));
        kv_full = fit < n;
        n = std::min(n, fit);
    }
    const double chunk = std::min(P, budget);
    const double prefill_steps = std::ceil(P / budget);
    auto prefill_mix = [&](double tokens, double positions_per_token) {
        StepMix m;
        m.prefill_tokens = tokens;
        m.prefill_seqs = std::max(1.0, tokens / chunk);
        m.prefill_positions = tokens * positions_per_token;
        return m;
    };
    // Positions of a prompt's tokens average half the prompt.
    const double half_prompt = (P - 1.0) / 2.0;
    double tpot = 0, ttft = 0, step = 0;
    if (sc.mixed_steps) {
        // Each request spends C steps: ⌈P / budget⌉ carrying its prompt and O − 1 decoding, unless the budget
        // cannot carry everyone's tokens, which stretches the cycle to n·(P + O − 1) / budget steps.
        const double cycle_steps = std::max(O - 1.0 + prefill_steps, n * (P + O - 1.0) / budget);
        StepMix mix = prefill_mix(n * P / cycle_steps, half_prompt);
        mix.decode_seqs = n * (O - 1.0) / cycle_steps;
        mix.decode_positions = mix.decode_seqs * (P + O / 2.0);
        // The mean step is the mean of the steps' costs, not the cost of a mean step: k of the cycle's steps carry
        // the prompts' chunks (each request's in its own ⌈P / budget⌉ steps, or every step once they must share)
        // and the rest only decode. Averaging the prompt tokens over all steps first spread 4 × 8,000-token prompts
        // as ~32 tokens in each step: a mixture of experts then touched half its experts every step (the touched
        // share is concave in the tokens) where the real decode-only steps touch a tenth, and a dense model's
        // prompt tokens rode under the weights' read where real chunks are compute-bound.
        const double carrying = std::min(cycle_steps, std::max(n * prefill_steps, n * P / budget));
        StepMix with_prompt = prefill_mix(n * P / carrying, half_prompt);
        with_prompt.decode_seqs = mix.decode_seqs;
        with_prompt.decode_positions = mix.decode_positions;
        StepMix decode_only;
        decode_only.decode_seqs = mix.decode_seqs;
        decode_only.decode_positions = mix.decode_positions;
        step = (carrying * cost.step_s(with_prompt) + (cycle_steps - carrying) * cost.step_s(decode_only)) / cycle_steps;
        // A request's own prompt steps come before its first token: its tokens after the first ride the other n − 1
        // prompts' steps and the decode-only ones, beside itself and the others' decodes (one user alone decodes
        // at the decode step).
        const double own_steps = carrying / n, decode_steps = std::max(1.0, cycle_steps - own_steps);
        const double others = std::min(decode_steps, carrying - own_steps);
        StepMix seen_prompt = prefill_mix(n > 1.0 ? (n - 1.0) * P / std::max(1.0, others) : 0.0, half_prompt);
        StepMix seen_decode;
        seen_decode.decode_seqs = 1.0 + (n - 1.0) * (O - 1.0) / cycle_steps;
        seen_decode.decode_positions = seen_decode.decode_seqs * (P + O / 2.0);
        seen_prompt.decode_seqs = seen_decode.decode_seqs;
        seen_prompt.decode_positions = seen_decode.decode_positions;
        tpot = others > 0 ? (others * cost.step_s(seen_prompt) + (decode_steps - others) * cost.step_s(seen_decode)) / decode_steps
                          : cost.step_s(seen_decode);
        // The prompt waits for the step in flight, then rides its own chunk steps (its chunk, the other prompts'
        // tokens of a mean step, the decodes); a budget near saturation queues it behind other prompts.
        StepMix own = mix;
        own.prefill_tokens = std::min(budget, std::max(chunk, mix.prefill_tokens + chunk));
        own.prefill_seqs = std::max(1.0, own.prefill_tokens / chunk);
        own.prefill_positions = own.prefill_tokens * half_prompt;
        const double load = std::min(0.95, (mix.prefill_tokens + mix.decode_seqs) / budget);
        // The queue of an open arrival stream at that load, but a closed loop has only n − 1 other requests to
        // queue behind: at most the steps all n prompts fill beyond the prompt's own. (One-token answers fill
        // every step with prompts, load near 1, where the open-stream term alone waited ten steps for prompts that
        // are not there.)
        const double queue_steps = std::min(load / (2.0 * (1.0 - load)), std::max(0.0, n * P / budget - prefill_steps));
        ttft = 0.5 * step + prefill_steps * cost.step_s(own) + step * queue_steps;
    } else {
        // Prefill steps run alone and stall the decodes: the decoders' time per token is a decode step plus
        // their share of the prefill steps the arriving prompts need.
        StepMix decode;
        decode.decode_seqs = n;
        decode.decode_positions = n * (P + O / 2.0);
        const double decode_s = cost.step_s(decode);
        const double alone_s = prefill_steps * cost.step_s(prefill_mix(chunk, half_prompt));
        // Prompts that arrive during one prefill step share the next, up to the budget.
        double per_request_s = alone_s, busy = 0;
        // The time per output token t solves t = decode / (1 − busy(t)), where busy(t), the share of time in
        // prefill steps, falls as t lengthens the cycle (a plain iteration oscillates). f(t) = decode / (1 −
        // busy(t)) − t falls strictly from f(decode) ≥ 0 to f(decode / 0.05) ≤ 0 (busy ≤ 0.95): false position
        // with the Illinois step keeps that bracket and narrows it to 1e-12 of t in about ten evaluations of
        // the step cost, where bisection took forty (the screens run this thousands of times per result).
        auto busy_at = [&](double t) {
            const double rate = n / (alone_s + (O - 1.0) * t);
            const double batch = std::clamp(rate * alone_s, 1.0, std::max(1.0, budget / P));
            per_request_s = batch > 1.0 ? cost.step_s(prefill_mix(batch * chunk, half_prompt)) * prefill_steps / batch : alone_s;
            // A decoder's own prompt ran before its first token: it stalls for the other n − 1 requests' prompts.
            return std::min(0.95, rate * per_request_s * (n - 1.0) / n);
        };
        auto f = [&](double t) { return decode_s / (1.0 - busy_at(t)) - t; };
        double lo = decode_s, hi = decode_s / 0.05;
        double f_lo = f(lo), f_hi = f(hi);
        if (f_lo <= 0) hi = lo;  // nothing to wait for: the decode step alone
        for (int i = 0, side = 0; i < 100 && hi - lo > 1e-12 * hi; ++i) {
            double t = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
            if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
            const double f_t = f(t);
            if (f_t > 0) {
                lo = t, f_lo = f_t;
                if (side == 1) f_hi *= 0.5;
                side = 1;
            } else {
                hi = t, f_hi = f_t;
                if (side == -1) f_lo *= 0.5;
                side = -1;
            }
        }
        tpot = hi;
        busy = busy_at(tpot);
        step = decode_s;
        // As above: no more queue than the other n − 1 requests' prefill.
        ttft = 0.5 * decode_s + alone_s + per_request_s * std::min(busy / (2.0 * (1.0 - busy)), n - 1.0);
    }
    const double cycle = ttft + (O - 1.0) * tpot;
    out.requests_per_s = n / cycle;
    out.queue_wait_s = users > n ? (users - n) / out.requests_per_s : 0.0;
    out.ttft_p50_s = out.ttft_p90_s = out.ttft_mean_s = ttft + out.queue_wait_s;
    out.tpot_p50_s = out.tpot_mean_s = tpot;
    out.throughput_tps = out.requests_per_s * O;
    out.mean_running = n;
    out.mean_waiting = std::max(0.0, users - n);
    // The pool as the simulation reports it: the mean sequence's tokens held by each running one, and at its
    // fullest the whole pool where it is what makes requests wait (plan.cpp names the KV as what binds then).
    if (sc.paged_kv) {
        out.kv_tokens_mean = n * per_seq;
        out.kv_tokens_peak = kv_full ? static_cast<double>(sc.kv_capacity_tokens) : out.kv_tokens_mean;
    }
    out.mean_step_s = step;
    out.simulated_clients = 0;
    return with_serving_path(out, sc);
}

double simulate_burst_ttft_s(const StepCost& cost, const SchedulerConfig& scheduler, const Workload& workload) {
    Workload w = workload;
    w.arrival_rate_per_s = 0;
    Simulation sim(cost, scheduler, w);
    sim.set_burst();
    const SimOutcome o = with_serving_path(sim.run(), scheduler);
    // Clients beyond what the server holds wait for the first ones to finish (as in the steady state).
    return o.burst_ttft_s;
}

}  // namespace infersizer
