// step_model.hpp — what one engine step costs on one replica: a roofline over the step's real mix.
//
// An engine step (one forward pass) carries the running decodes (one token each, each reading its own KV at
// its own position) and, in engines that mix them, prefill chunks of waiting prompts. The step reads the
// weights once per forward, streams every sequence's KV, runs the matmul and attention FLOPs of all its
// tokens and, under tensor parallelism, two all-reduces per layer. docs/estimation.md §5 gives the formula
// and the source of every constant.
//
// Every efficiency of the engine is a range; a StepModel evaluates one End of all of them at once: `fast`
// takes the fast end of every range (highest η, lowest t0 …) and the lighter end of the weights' bytes,
// `slow` the opposite. An interval of a result comes from running the same calculation at both ends.
#pragma once

#include "context.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace infersizer {

enum class End { fast, slow };

// The tokens of one step.
struct StepMix {
    double decode_seqs = 0;        // sequences generating one token each
    double decode_positions = 0;   // Σ over them of the tokens already in their KV cache
    double prefill_tokens = 0;     // prompt tokens computed in this step (all chunks together)
    double prefill_positions = 0;  // Σ over those tokens of their position in their own prompt
    double prefill_seqs = 0;       // sequences with a prefill chunk in the step
};

// The parts of one step's time, for traces and for saying what bounds it.
struct StepParts {
    double fixed_s = 0;    // t0 per forward + t_seq per sequence beyond the first (host work)
    double weights_s = 0;  // reading the (touched) weights, every forward
    double matmul_s = 0;   // matmul FLOPs at the step's efficiency
    double kv_s = 0;       // reading the KV of every sequence
    double attention_s = 0;
    double link_s = 0;     // all-reduces (TP) or hand-offs (layer split)
    double total_s = 0;
    bool compute_bound() const { return matmul_s + attention_s > weights_s + kv_s; }
};

class StepModel {
public:
    // One replica of `tp` cards (a tensor-parallel group, or a layer split for engines without TP).
    // Warnings about inferred or unknown hardware figures go to `warnings` when given.
    StepModel(const Context& ctx, int tp, std::vector<Text>* warnings = nullptr);

    double step_s(const StepMix& mix, End end) const;
    StepParts parts(const StepMix& mix, End end) const;

    // Σ of `steps` decode-only steps of `seqs` sequences whose positions start at Σ `positions0` and grow by
    // one each per step: the simulation advances runs of identical decode steps at once with this.
    double decode_run_s(double seqs, double positions0, int64_t steps, End end) const;

    // Seconds to prefill one prompt of `prompt_tokens` alone, in chunks of `chunk_tokens` (one step each).
    double prefill_alone_s(int64_t prompt_tokens, int64_t chunk_tokens, End end) const;

    bool compute_known() const { return compute_known_; }
    // Every number the step times depend on, as bytes: two models with the same fingerprint time every step alike.
    const std::string& fingerprint() const { return fingerprint_; }
    int tp() const { return tp_; }
    // The two ends' own figures, for the explanations (explain.hpp): bytes streamed per second (bandwidth × η ×
    // dequantization, within llama.cpp's ceiling) in GB/s, the matmul peak in TFLOPS (0 when unknown), the
    // fixed cost per step and the cost per further sequence in ms. Low end: the slow end's figure.
    Interval stream_gbs() const { return Interval::of(slow_.rate_bps, fast_.rate_bps) / 1e9; }
    Interval peak_tflops() const { return Interval::of(slow_.peak_flops, fast_.peak_flops) / 1e12; }
    Interval t0_ms() const { return Interval::of(fast_.t0_s, slow_.t0_s) * 1e3; }
    Interval t_seq_ms() const { return Interval::of(fast_.t_seq_s, slow_.t_seq_s) * 1e3; }
    Interval mfu_long() const { return Interval::of(slow_.mfu_long, fast_.mfu_long); }
    // The fixed cost of one MoE layer's expert block per forward (engines.json t_moe_layer_ms), ms; [0, 0] without one.
    Interval t_moe_layer_ms() const { return Interval::of(fast_.moe_layer_fixed_s, slow_.moe_layer_fixed_s) * 1e3; }
    // MoE layers that cost applies to (0 for a dense model).
    double moe_layers() const { return moe_layers_; }

    // What stream_gbs() is made of, for its explanation: the bandwidth used (the catalog's, or inferred when it has
    // none), the engine's η (its MoE figure for a mixture of experts), llama.cpp's dequantization factor ([1, 1]
    // outside GGUF) and, for GGUF on a discrete card, the streaming ceiling already times that factor.
    struct StreamRateParts {
        Interval bandwidth_gbs;
        Interval eta;
        bool moe_eta = false;
        Interval dequant{1.0, 1.0};
        std::optional<Interval> gguf_ceiling_gbs;
    };
    const StreamRateParts& stream_rate_parts() const { return stream_parts_; }

private:
    struct Coefficients {
        double rate_bps = 1;          // bytes streamed per second: bandwidth × η (× dequantization), ceiling
        double t0_s = 0;              // fixed cost per forward
        double t_seq_s = 0;           // host cost per sequence beyond the first
        double peak_flops = 0;        // matmul dtype's dense peak (0: unknown)
        double attention_flops = 0;   // attention's peak (16-bit or fp8 KV)
        double batch_eff = 1;         // fraction of the peak large decode batches reach
        double mfu_short = 1, mfu_long = 1;  // prefill MFU at 128 and at ≥ 2048 tokens
        double dequant = 1;           // block formats' dequantization factor on MFU
        double weight_bytes = 0;      // all weights of the replica
        double active_bytes = 0;      // weights one token touches
        double token_by_token_s = 0;  // unknown compute, slow end: a prefill token costs a weight read
        double all_reduce_s = 0;      // latency of one all-reduce of the TP group (NVLink, or a PCIe ring)
        double moe_layer_fixed_s = 0; // one MoE layer's expert block per forward, beyond its bytes
        // Derived once (parts() runs hundreds of thousands of times per result): seconds per weight byte and per KV
        // byte read by the replica, and per matmul token and attention FLOP at an efficiency of 1.
        double s_per_weight_byte = 0, s_per_kv_byte = 0, matmul_s_per_token = 0, attention_s_per_flop = 0;
        double head_s_per_row = 0;  // the output head's matmul per row that samples (part of matmul_s_per_token)
    };

    const Coefficients& at(End end) const { return end == End::fast ? fast_ : slow_; }
    double mfu_at(const Coefficients& c, double tokens) const;
    double weight_bytes_read(const Coefficients& c, double tokens) const;
    double kv_bytes(double seqs, double positions) const;
    double attention_flops(double seqs, double positions) const;
    double link_s(const Coefficients& c, double tokens) const;

    // A step's terms that depend on its counts alone (step_model.cpp, shape_of); parts_at adds its positions'.
    struct StepShape {
        bool empty = false;  // no tokens: a zero step
        double fixed_s = 0, weights_s = 0, matmul_s = 0, link_s = 0;
        double prefill_s = 0;  // unknown compute, slow end: the prompt tokens read the weights one by one
        double per_eff = 0;    // 1 / the step's efficiency (0 without a known peak)
        double pipelined = 1;  // a layer split's overlap of several forwards (fast end), else 1
    };
    StepShape shape_of(const StepMix& mix, End end) const;
    StepParts parts_at(const StepShape& shape, const StepMix& mix, End end) const;
    const StepShape& decode_shape(double seqs, End end) const;

    std::string make_fingerprint() const;

    Coefficients fast_, slow_;
    StreamRateParts stream_parts_;
    std::string fingerprint_;
    int tp_ = 1;
    bool tensor_ = false;          // matrices split across the cards (else a layer split)
    bool compute_known_ = true;
    double weight_split_ = 1;      // cards reading their share of the weights at once
    double kv_split_ = 1;          // cards sharing the KV heads
    double matmul_params_ = 0;     // active parameters in matmuls per token
    double head_params_ = 0;       // of those, the output head's (vocab × hidden): only rows that sample run it
    double expert_share_ = 0;      // k / E for MoE (0: dense)
    double log_expert_missed_ = 0; // ln(1 − k/E): an expert a token skips
    double kv_global_per_token_ = 0;   // KV bytes per token of the full-attention layers
    double kv_sliding_per_token_ = 0;  // of the sliding-window layers
    double window_ = 0;
    double attention_global_per_pos_ = 0;   // attention FLOPs per token per position, full layers
    double attention_sliding_per_pos_ = 0;  // sliding layers (positions capped at the window)
    double forward_tokens_ = 0;    // tokens per forward (llama.cpp n_ubatch); 0: one forward per step
    // The last token count's logarithmic MFU position and MoE experts touched, which depend on nothing else: a run of
    // decode steps asks for the same count at every step, so the log and exp run once per count, not once per step
    // (both ends of a simulation share them). Single-threaded use, as every StepModel has.
    mutable double mfu_tokens_ = -1, mfu_position_ = 0;
    mutable double touched_tokens_ = -1, touched_ = 0;
    // The last decode run's count, end and shape: a simulation's runs between events keep their count.
    struct DecodeMemo {
        double seqs = -1;
        End end = End::fast;
        StepShape shape;
    };
    mutable DecodeMemo decode_memo_;
    double link_bps_ = 0;
    double hidden_ = 1;
    double n_layers_ = 0;
    double moe_layers_ = 0;        // layers with routed experts (n_layers − first_k_dense for MoE)
};

}  // namespace infersizer
