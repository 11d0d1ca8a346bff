// decision_text.hpp — every sentence of the decision table and the verdict, in Chinese and English. The
// functions take the facts a judgement already settled (verdicts, limits, checks, costs) and only word them:
// a sentence can change here without touching a verdict in decision.cpp, and a verdict there without
// touching a sentence here. Tests pin both (tests/core/test_decision.cpp, the golden results).
#pragma once

#include "context.hpp"
#include "decision_search.hpp"
#include "result.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace infersizer {

// ---------------------------------------------------------------------------------------------------
// Shared phrases
// ---------------------------------------------------------------------------------------------------

// "2 × RTX 4090".
Text cards_label(const Hardware& hw, int cards);
// "8–12 × H100 SXM5 80GB (TP 2 × 4–6 replicas)": the planner's count with its layout.
Text planned_label(const Hardware& hw, const PlannedCount& p);
// "<who> holds up to 3–5 concurrent users at 8k context; beyond, TTFT exceeds 2 s (memory holds …)".
Text concurrency_sentence(const Text& who, const SearchLimit& lim, int64_t context_tokens, int replicas,
                          const Targets& t, const Hardware& hw, const ServingCheck& at_one);
// "; at 5 users, beyond 24k context memory runs out" — empty when the context holds to the model's maximum.
Text context_clause(const SearchLimit& lim, int64_t concurrency, const Targets& t, const Hardware& hw);
// "; one user works only up to 12k context".
Text one_user_context_clause(int64_t context_tokens);
// "at 5 concurrent users TTFT (p90) 0.3–0.6 s, 35–60 tok/s per user": the figures the targets are judged on.
Text speed_clause(const PerformanceResult& p, int64_t concurrency);
// "；无延迟目标：按显存和每天 20万 个请求估算" ("内存" on a CPU, "统一内存" on a Mac; memory alone at 0 requests a
// day): said wherever the user chose no latency target (targets.no_latency_target).
Text no_latency_target_clause(const Hardware& hw, double requests_per_day);
// "memory 30–34 / 80 GiB" (per replica when there are several).
Text memory_clause(const Hardware& hw, const MemoryResult& m, int cards_per_copy);
// A paged engine whose users would not all fit at the full context at once: what one replica holds at the
// typical request length, then the worst case.
Text typical_memory_clause(const MemoryResult& m, const PerformanceResult& p, int64_t context_tokens);
// "; prefill assumes the product line's 6–16 cores" — a CPU platform whose compute comes from its product line.
Text product_line_clause(const Hardware& hw);
// "; the planner suggests 2–4 × H100 …, about $…/month" — the first plan row that meets the targets.
Text planner_suggestion(const std::vector<PlanRow>& plan);
Text cannot_be_judged();

// ---------------------------------------------------------------------------------------------------
// Path rows: CPU, GPU, API
// ---------------------------------------------------------------------------------------------------

// Why the CPU row runs on the platform it does.
enum class CpuPlatformPick { users_own, lowest_meeting, highest_fallback, lowest_finishing_day, highest_fallback_day };
Text cpu_platform_why(CpuPlatformPick pick, const std::string& engine);
Text no_cpu_platform_reason();
// "<platform> (<why>): decode is bound by 90 GB/s of memory bandwidth; <speed>; <memory>".
// `label` names the machines ("2 × Desktop, …" where the user has two); `hw` gives the bandwidth and product line.
Text cpu_reason(const Text& label, const Hardware& hw, const Text& why, const ServingCheck& at, int64_t concurrency,
                const Text& memory);

Text planner_pick_origin();
Text no_accelerator_holds_reason();
Text no_card_count_holds();
// "<label><origin><layout>: <memory>; <speed>".
Text gpu_reason(const Text& label, const Text& origin, const ReplicaLayout& layout, const Text& memory,
                const ServingCheck& at, int64_t concurrency);
// "; <offload note>" when offload makes it meet the targets (`misses` empty), else "; even with <offload note>,
// <misses>" (plan.hpp describe_misses of the offload at its best).
Text offload_clause(const OffloadResult& offload, const Text& misses);
// "<label> with MoE expert offload": who a limit searched on the split describes.
Text with_expert_offload(const Text& label);
// After a limit searched with the wiring cap raised as far as the headroom allows.
Text wired_limit_search_clause(long long mib);
Text wired_limit_clause(long long mib);

Text no_api_price_reason();
// The data-residency caveat; the seed's cloud-API row says "in-house", the path row "on premises".
Text residency_caveat(bool in_house);
// "<api>: about $…/month at N requests/day; rented cards (…) $…/month".
Text api_reason(const CostResult& c, double requests_per_day);
// "above N requests/day <what> is cheaper", or "today's … are past the break-even …"; empty without prices.
Text break_even_clause(const CostResult& c, double requests_per_day, const Text& what);
// The break-even as a table shows it: "12k–48k", "≥ 12k (the careful end: never)", or "never (fully loaded, dearer per
// request than the API)" where the setup's day's capacity ends before it (cost.hpp).
Text break_even_figure(const CostResult& c);
// Where the day's requests need more than one rented setup: "; at 5M requests/day it takes 105–238 such setups,
// $13.8k–$38.2k/month". Empty for one.
Text setups_clause(Interval setups, Interval rent_month_usd, double requests_per_day);
// What a break-even compares the API with: the cards are rented (the cost model prices rental, not purchase).
Text renting_cards_word();
// The break-even clause, then what rules out any cloud API whatever the price.
Text with_api_caveats(const Text& break_even);

// ---------------------------------------------------------------------------------------------------
// The seed's scenario rows: personal, offline batch, cloud API, online service
// ---------------------------------------------------------------------------------------------------

Text personal_reason(const Text& label, int64_t context_tokens, const ServingCheck& one, const Targets& t,
                     const Hardware& hw);
Text personal_fails_when(const SearchLimit& lim, const ServingCheck& one, const Targets& t, const Hardware& hw);
// One user on cards that hold not one sequence as given, run split (offload_clause: `misses` empty when it meets).
Text personal_split_reason(const Text& label, int64_t context_tokens, const OffloadResult& split, const Text& misses);
// After a limit searched on the split.
Text split_named();
// The day's requests on the split, at the scenario's batch, with the split's note.
Text offline_split_reason(const Text& label, int64_t batch, Interval throughput_tps, Interval requests_per_day,
                          double needed_requests_per_day, const OffloadResult& split);

Text offline_no_sequence_reason(const Text& label);
Text fails_at_any_traffic();
Text offline_speed_unknown_reason();
// Appended where only the careful end of the memory ranges holds one full sequence.
Text offline_careful_end_clause();
Text offline_reason(const Text& label, int64_t full_batch_pess, int64_t full_batch_opt, Interval throughput_tps,
                    Interval requests_per_day, double needed_requests_per_day);
Text offline_fails_when(Interval requests_per_day);
// No latency target and no requests a day to finish: nothing breaks with the load ("more requests in flight only
// wait longer"); the context clause follows.
Text only_waits_longer();
// No latency target, and one full sequence fits only at the careful end of the memory ranges.
Text careful_end_memory_fails_when(int64_t context_tokens);

Text cloud_api_reason(const CostResult& c, double requests_per_day);
Text no_priced_rental_clause();
Text cloud_caveats_in_house();
Text rental_clause(const PlanRow& rent);

// "200 concurrent users, TTFT ≤ 1 s, ≥ 20 tok/s each".
Text online_goal(const Scenario& sc);
Text online_none_meets_reason(const Text& goal);
Text online_none_fails_when(const PlanRow* pick);
Text online_reason(const Text& goal, const Text& label, const PlanRow& pick, int replicas, const ServingCheck& at,
                   int64_t concurrency);
Text add_replicas_clause();

// ---------------------------------------------------------------------------------------------------
// The verdict sentence, one per judgement (judge.hpp)
// ---------------------------------------------------------------------------------------------------

// "needs …, macOS's default GPU share leaves …; after sudo sysctl …, <speed>", and what it still misses.
Text verdict_needs_wired_limit(const Text& label, const Hardware& hw, const MemoryResult& m, const Text& speed,
                               long long mib, const Text* still_missing);
// What the memory needs against what the cards offer after headroom.
// Why a setup's memory does not hold its load, in one clause: the colocated models that outgrow their card, an engine
// pool short of the KV (the total within the budget), or the total against the budget.
Text memory_need(const Context& ctx, const MemoryResult& m);
Text verdict_runs_with_offload(const Text& label, const Text& need, const OffloadResult& offload, const Text& suggestion);
// `slots`: a slot engine's users, each a whole-context slot (0: a paged engine, where one sequence is what counts).
Text verdict_borderline_memory(const Text& label, const Hardware& hw, int64_t context_tokens, Interval held,
                               const Text& speed, const Text& suggestion, int64_t slots = 0);
Text verdict_not_enough(const Text& label, const Text& need, const Text& suggestion);
// The engine cannot serve the format on these cards at all (judge.hpp cannot_run_on): `why` is that reason.
Text verdict_cannot_run(const Text& label, const Text& why, const Text& suggestion);
Text verdict_enough(const Text& label, const Text& memory, const Text& speed, const std::optional<Interval>& cards_needed);
// `why`: what the typical case misses, named where it is the day's volume (no latency target); empty otherwise.
Text verdict_borderline_targets(const Text& label, const Text& memory, const Text& speed, const Text& why);
// "; laid out as TP 1 × 3–4 replicas, these cards meet the targets" (a layer split: "run as servers of 1 card
// each (3–4 of them), …"): the user's own cards in the layout of their plan row.
Text meets_in_another_layout_clause(const PlanRow& row);
// `unknown_memory`: the memory clause where the catalog has no RAM size (the sentence then does not say "holds").
Text verdict_misses_targets(const Text& label, const Text& speed, const Text& why, const Text& suggestion,
                            const Text* unknown_memory = nullptr);

}  // namespace infersizer
