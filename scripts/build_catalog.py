#!/usr/bin/python3
"""build_catalog.py — builds data/models.json, data/hardware.json and data/prices.json from the sourced
reference in ../shared/reference (models.json, hardware.json, prices.json).

Run with Debian's Python (stdlib only), from anywhere:
    /usr/bin/python3 scripts/build_catalog.py [--shared DIR] [--out DIR]

Rules (brief.md, reference/hardware.md "How to use this in data/"):
  - never invent a number: every value is copied from the reference or derived from it by a rule written
    here (n_sliding_layers, the MLA head width); a null stays null. The one addition, the cpu platforms'
    product-line ranges, is computed from SKU tables copied into this script with their sources;
  - every entry keeps its source;
  - output is stable (reference order, fixed key order, indent 1) so a rerun gives the same bytes.
data/formats.json is hand-written and data/engines.json belongs to another file owner; neither is touched.

Sections: [models] [parameter check] [cpu product lines] [hardware] [prices] [main]
"""

import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Bumped when the data changes in a way users should notice; the reference date is the retrieval date.
CATALOG_VERSION = "2026.12.02"

# USD/CNY: the People's Bank of China central parity (midpoint) as reported on the day. Found with the
# stored-pages search; the page title and its URL carry the figure and the date.
USD_CNY = {
    "cny_per_usd": 7.0187,
    "as_of": "2026-01-07",
    "source": "https://investinglive.com/centralbank/pboc-sets-usd-cny-mid-point-today-at-70187-vs-estimate-at-69896-20260107"
              " (PBOC USD/CNY central parity 7.0187 on 2026-01-07)",
}


# ---------------------------------------------------------------------------------------------------
# [models]
# ---------------------------------------------------------------------------------------------------
ROLES = {"chat/LLM": "chat", "embedding": "embedding", "reranker": "reranker", "asr": "asr"}

# Architectures whose parameters the decoder formulas (models.md) do not describe: the published
# totals carry them (params_override). Reason strings become params_basis.
OVERRIDE_REASONS = {
    "bge-m3": "stated: models.md XLM-RoBERTa encoder count incl. pooler (the decoder formula does not apply)",
    "bge-reranker-v2-m3": "stated: models.md XLM-RoBERTa encoder count incl. classifier (the decoder formula "
                          "does not apply)",
    "whisper-large-v3": "stated: models.md Whisper encoder-decoder count (README: 1550M; the decoder formula "
                        "does not apply)",
    "Qwen3-Embedding-8B": "stated: models.md total_params_computed_without_lm_head (the embedding model is "
                          "served without the LM head)",
    "GLM-4.5-Air": "stated: 106B total / 12B active (github:zai-org/GLM-4.5@170f20b2:README.md); the routed "
                   "expert count and top-k are unverified, so the shape cannot be counted",
}


def parse_stated(text):
    """'106B' -> 1.06e11, '12B' -> 1.2e10; None when the text is not a plain figure."""
    if not text:
        return None
    head = text.split()[0]
    scale = {"B": 1e9, "M": 1e6, "T": 1e12}.get(head[-1:])
    try:
        return float(head[:-1]) * scale if scale else None
    except ValueError:
        return None


def n_sliding_layers(m):
    """Layers that use the sliding window, from the reference's layer description (models.md,
    'Local attention'). Qwen2.x and Phi-3-mini-4k carry a window that is not in effect: 0."""
    layers = m["num_hidden_layers"]
    if not m["sliding_window"]:
        return 0
    mt = m["model_type"] or ""
    if mt == "gemma2":
        count = sum(1 for i in range(layers) if i % 2 == 0)  # even layers local
    elif mt in ("gemma3", "gemma3_text"):
        count = sum(1 for i in range(layers) if (i + 1) % 6 != 0)  # global iff (i+1) % 6 == 0
    elif mt == "gpt_oss":
        count = sum(1 for i in range(layers) if i % 2 == 0)  # layer_types alternate, sliding first
    elif mt == "phi3":
        return 0  # HF Phi-3 ignores the 4k model's 2047 window (reference notes): full attention
    else:
        raise SystemExit(f"{m['name']}: sliding_window set but no layer rule for model_type {mt!r}")
    glob = m.get("global_attention_layer_indices")
    if glob is not None and layers - len(glob) != count:
        raise SystemExit(f"{m['name']}: sliding-layer rule gives {count}, reference lists {len(glob)} global")
    return count


def joined_notes(notes):
    if notes is None:
        return ""
    if isinstance(notes, list):
        return " ".join(notes)
    return str(notes)


def build_model(m):
    name = m["name"]
    mt = m["model_type"] or ""
    notes = []
    head_dim = m["head_dim"]
    head_dim_source = m["head_dim_source"]
    is_mla = m["kv_lora_rank"] is not None
    if head_dim is None and is_mla:
        # models.md: "Q/K head width is qk_nope + qk_rope (192)"; the MLA formulas never use head_dim.
        head_dim = m["qk_nope_head_dim"] + m["qk_rope_head_dim"]
        head_dim_source = "catalog: MLA Q/K head width qk_nope_head_dim + qk_rope_head_dim (models.md)"
    n_kv = m["num_key_value_heads"]
    if n_kv is None and m["attention_type"] == "MHA":
        n_kv = m["num_attention_heads"]
        notes.append("catalog: num_key_value_heads absent from config => equals num_attention_heads (MHA).")

    override = None
    active_override = None
    basis = "computed"
    published = m["total_params"]
    if name in OVERRIDE_REASONS:
        basis = OVERRIDE_REASONS[name]
        if name == "GLM-4.5-Air":
            override = parse_stated(m["total_params_stated"])
            active_override = parse_stated(m["active_params_stated"])
            published = None
        elif name == "Qwen3-Embedding-8B":
            override = m["params_detail"]["total_params_computed_without_lm_head"]
            published = override
        else:
            override = m["total_params"]

    sliding = n_sliding_layers(m)
    if sliding:
        notes.append(f"catalog: n_sliding_layers {sliding} of {m['num_hidden_layers']} from the layer rule "
                     f"'{m['sliding_window_layers']}'.")

    model_type = m["model_type"]
    architecture = m["architecture"]
    if model_type is None and m["family"].startswith("Qwen2.5"):
        # The transcribed Qwen2.5-1.5B/14B entries lack these two fields; every other Qwen2.5 config in the
        # reference says qwen2 / Qwen2ForCausalLM, and the GGUF mix rules key on the arch.
        model_type, architecture = "qwen2", "Qwen2ForCausalLM"
        notes.append("catalog: model_type/architecture taken from the Qwen2.5 family (the transcribed "
                     "entry lacks them).")

    out = {
        "id": name,
        "hf_id": m["hf_id"],
        "family": m["family"],
        "role": ROLES[m["role"]],
        "architecture": architecture,
        "model_type": model_type,
        "num_hidden_layers": m["num_hidden_layers"],
        "hidden_size": m["hidden_size"],
        "intermediate_size": m["intermediate_size"],
        "num_attention_heads": m["num_attention_heads"],
        "num_key_value_heads": n_kv,
        "head_dim": head_dim,
        "head_dim_source": head_dim_source,
        "vocab_size": m["vocab_size"],
        "tie_word_embeddings": m["tie_word_embeddings"],
        "attention_bias": m["attention_bias"],
        "qk_norm": m["qk_norm"],
        # models.md: Gemma-2/3 have 4 norms per layer (pre/post attention, pre/post FFN); others 2.
        "norms_per_layer": 4 if mt in ("gemma2", "gemma3", "gemma3_text") else 2,
        # models.md "gpt-oss": biases on q/k/v/o, one sink per head, router and expert biases.
        "gpt_oss_layout": mt == "gpt_oss",
        "n_routed_experts": m["n_routed_experts"],
        "num_experts_per_tok": m["num_experts_per_tok"],
        "n_shared_experts": m["n_shared_experts"],
        "moe_intermediate_size": m["moe_intermediate_size"],
        "first_k_dense_replace": m["first_k_dense_replace"],
        # models.md: e_score_correction_bias (+E per MoE layer) when topk_method = noaux_tc: DeepSeek-V3/R1,
        # Kimi-K2 (DeepseekV3ForCausalLM) and GLM-4.5. DeepSeek-V2-Lite has none (checked by the count).
        "router_bias": m["architecture"] in ("DeepseekV3ForCausalLM", "Glm4MoeForCausalLM"),
        "q_lora_rank": m["q_lora_rank"],
        "kv_lora_rank": m["kv_lora_rank"],
        "qk_rope_head_dim": m["qk_rope_head_dim"],
        "qk_nope_head_dim": m["qk_nope_head_dim"],
        "v_head_dim": m["v_head_dim"],
        "sliding_window": m["sliding_window"],
        "n_sliding_layers": sliding,
        "sliding_window_layers": m["sliding_window_layers"],
        "max_position_embeddings": m["max_position_embeddings"],
        "total_params": m["total_params"],
        "total_params_stated": m["total_params_stated"],
        "active_params_per_token": m["active_params_per_token"],
        "active_params_stated": m["active_params_stated"],
        "published_total_params": published,
        "params_override": override,
        "active_params_override": active_override,
        "params_basis": basis,
        "torch_dtype": m["torch_dtype"],
        "verification": m["verification"],
        "unverified_fields": m["unverified_fields"],
        "license": m["license"],
        "release_date": m["release_date"],
        "source": m["source"]["config"],
        "source_params": m["source"].get("params_stated"),
        "source_detail": m["source"],
        "notes": " ".join(x for x in [joined_notes(m["notes"]), m.get("weights_format_note") or ""] + notes if x),
    }
    return out


# ---------------------------------------------------------------------------------------------------
# [parameter check] — the models.md formulas, so that a wrong flag above fails the build, not a user.
# ---------------------------------------------------------------------------------------------------
def count_params(e):
    """(total, active) from a built entry; None for params_override entries."""
    if e["params_override"] is not None:
        return None
    H, L, V = e["hidden_size"], e["num_hidden_layers"], e["vocab_size"]
    nq, nkv, d = e["num_attention_heads"], e["num_key_value_heads"], e["head_dim"]
    E = e["n_routed_experts"] or 0
    k = e["num_experts_per_tok"] or 0
    S = e["n_shared_experts"] or 0
    D = e["first_k_dense_replace"] or 0
    I, Ie = e["intermediate_size"], e["moe_intermediate_size"] or 0
    if e["kv_lora_rank"]:
        nope, rope, v = e["qk_nope_head_dim"], e["qk_rope_head_dim"], e["v_head_dim"]
        ql, kvl = e["q_lora_rank"], e["kv_lora_rank"]
        q = H * ql + ql + ql * nq * (nope + rope) if ql else H * nq * (nope + rope)
        attn = q + H * (kvl + rope) + kvl + kvl * nq * (nope + v) + nq * v * H
    elif e["gpt_oss_layout"]:
        attn = H * nq * d + nq * d + 2 * (H * nkv * d + nkv * d) + nq * d * H + H + nq
    else:
        attn = H * nq * d + 2 * H * nkv * d + nq * d * H
        if e["attention_bias"]:
            attn += nq * d + 2 * nkv * d
        if e["qk_norm"]:
            attn += 2 * d
    norms = e["norms_per_layer"] * H
    embed = V * H
    lm_head = 0 if e["tie_word_embeddings"] else V * H
    if E == 0:
        layer = attn + 3 * H * I + norms
        total = embed + lm_head + L * layer + H
        return total, total
    if e["gpt_oss_layout"]:
        expert = H * 2 * Ie + 2 * Ie + Ie * H + H
    else:
        expert = 3 * H * Ie
    router = H * E + (E if (e["router_bias"] or e["gpt_oss_layout"]) else 0)
    dense = attn + norms + 3 * H * I
    moe_total = attn + norms + router + E * expert + S * expert
    moe_active = attn + norms + router + k * expert + S * expert
    base = embed + lm_head + H + D * dense
    return base + (L - D) * moe_total, base + (L - D) * moe_active


def check_counts(models):
    for e in models:
        got = count_params(e)
        if got is None:
            continue
        total, active = got
        if total != e["total_params"]:
            raise SystemExit(f"{e['id']}: formula gives {total}, reference {e['total_params']}")
        if e["active_params_per_token"] is not None and active != e["active_params_per_token"]:
            raise SystemExit(f"{e['id']}: active {active}, reference {e['active_params_per_token']}")


# ---------------------------------------------------------------------------------------------------
# [cpu product lines] — cores and base clocks of the CPUs each cpu platform stands for.
# ---------------------------------------------------------------------------------------------------
# A cpu platform is a memory system (reference/hardware.json); its compute peak is cores x clock x work per
# clock, and the reference has no cores or clock ("the estimator must take the clock as an input"). Without
# them the estimator could not bound prefill at all. These tables list the SKUs of the product line each
# platform stands for, with the cores and BASE clock their source states; the build writes
#   cores_range      [min, max] cores over the SKUs
#   clock_ghz_range  [min, max] base clock over the SKUs, GHz
#   core_ghz_range   [min, max] of cores x base clock over the SKUs (a 96-core part never runs at the
#                    16-core part's clock, so this is narrower than cores_range x clock_ghz_range)
# They describe the product line, not the user's machine; the estimator says so and asks for the machine's
# cores and sustained clock. Base clock is the all-core clock the vendor specifies at TDP: AVX2 loads often
# run above it (boost), AVX-512/AMX loads on Intel may run below it (reference/hardware.md), so the peak is
# an indicative range, not a bound.
#
# SKU sources (one row per SKU, duplicates of the same silicon in tray/box packaging removed):
QUATTOR_REF = ("github:quattor/template-library-standard@6fa9032a527be9118c9ff384099e9da74eab1834 "
               "hardware/cpu/{amd/epyc_*,intel/xeon_*}.pan")
OPEN_DB_REF = ("github:buildcores/buildcores-open-db@136a77aec16a30ba81a7cc6b448a8bace9a25359 open-db/CPU/*.json "
               "(ODC-By)")

CPU_PRODUCT_LINES = {
    "desktop-ddr4-3200-2ch": {
        "line": "AMD Ryzen desktop CPUs on socket AM4 with Zen 2 or Zen 3 cores (Ryzen 3000, 4000G, 5000)",
        "skus_ref": OPEN_DB_REF,
        "skus_covers": "cores and base/boost clocks per SKU (socket AM4, microarchitecture Zen 2 / Zen 3)",
        "sources": [
            {"ref": "https://www.tomshardware.com/news/ryzen-3000-series-matisse-zen-2-ddr4-3200-ddr4-4400,39422.html",
             "covers": ["Ryzen 3000 (Matisse, Zen 2, AM4): official DDR4-3200 support"]},
        ],
        "notes": "Intel Core 12th-14th gen desktops also run dual-channel DDR4-3200 but mix P- and E-cores that do "
                 "different work per clock (the catalog has no per-clock figure for E-cores), so they are not in "
                 "the range. Boost clocks of these SKUs run 3.9-4.9 GHz (open-db).",
        "skus": [
        ("Ryzen 3 3100", 4, 3.6), ("Ryzen 3 3300X", 4, 3.8), ("Ryzen 3 4100", 4, 3.8),
        ("Ryzen 5 3500", 6, 3.6), ("Ryzen 5 3500X", 6, 3.6), ("Ryzen 5 3600", 6, 3.6),
        ("Ryzen 5 3600X", 6, 3.8), ("Ryzen 5 3600XT", 6, 3.8), ("Ryzen 5 4500", 6, 3.6),
        ("Ryzen 5 4600G", 6, 3.7), ("Ryzen 5 5500", 6, 3.6), ("Ryzen 5 5500GT", 6, 3.6),
        ("Ryzen 5 5600", 6, 3.5), ("Ryzen 5 5600G", 6, 3.9), ("Ryzen 5 5600GT", 6, 3.6),
        ("Ryzen 5 5600T", 6, 3.5), ("Ryzen 5 5600X", 6, 3.7), ("Ryzen 5 5600X3D", 6, 3.3),
        ("Ryzen 5 5600XT", 6, 3.7), ("Ryzen 7 3700X", 8, 3.6), ("Ryzen 7 3800X", 8, 3.9),
        ("Ryzen 7 3800XT", 8, 3.9), ("Ryzen 7 5700", 8, 3.7), ("Ryzen 7 5700G", 8, 3.8),
        ("Ryzen 7 5700X", 8, 3.4), ("Ryzen 7 5700X3D", 8, 3), ("Ryzen 7 5800X", 8, 3.8),
        ("Ryzen 7 5800X3D", 8, 3.4), ("Ryzen 7 5800XT", 8, 3.8), ("Ryzen 7 PRO 4750G", 8, 3.6),
        ("Ryzen 9 3900X", 12, 3.8), ("Ryzen 9 3900XT", 12, 3.8), ("Ryzen 9 3950X", 16, 3.5),
        ("Ryzen 9 5900X", 12, 3.7), ("Ryzen 9 5900XT", 16, 3.3), ("Ryzen 9 5950X", 16, 3.4),
        ],
    },
    "desktop-ddr5-5600-2ch": {
        "line": "AMD Ryzen desktop CPUs on socket AM5 with Zen 4 or Zen 5 cores (Ryzen 7000, 8000G/F, 9000)",
        "skus_ref": OPEN_DB_REF,
        "skus_covers": "cores and base/boost clocks per SKU (socket AM5, microarchitecture Zen 4 / Zen 5; "
                       "the Zen 4 + Zen 4c hybrid 8500G and the AM5 EPYC 4004 left out)",
        "sources": [
            {"ref": "https://www.indiekings.com/2024/06/amd-ryzen-9000-zen-5-cpus-enhanced-ddr5.html",
             "covers": ["Ryzen 9000 (Zen 5): DDR5-5600 by default"]},
            {"ref": "https://www.hardwaretimes.com/amd-ryzen-7000-cpus-to-support-ddr5-5200-memory-out-of-the-box-"
                    "2-channels-per-dimm/",
             "covers": ["Ryzen 7000 (Zen 4): native DDR5-5200 (5600 is an overclock profile on these parts)"]},
        ],
        "notes": "Zen 5 desktop parts (Ryzen 9000) have native 512-bit datapaths (up to 64 fp32 FLOPs per clock, "
                 "numberworld.org above), so their peak can exceed the range, which counts 32. Intel Core "
                 "13th/14th gen (hybrid P/E cores) are not in the range. Boost clocks of these SKUs run "
                 "4.5-5.7 GHz (open-db).",
        "skus": [
        ("Ryzen 5 7500F", 6, 3.7), ("Ryzen 5 7500X3D", 6, 4), ("Ryzen 5 7600", 6, 3.8),
        ("Ryzen 5 7600X", 6, 4.7), ("Ryzen 5 7600X3D", 6, 4.1), ("Ryzen 5 8400F", 6, 4.2),
        ("Ryzen 5 8600G", 6, 4.3), ("Ryzen 5 9600", 6, 3.8), ("Ryzen 5 9600X", 6, 3.9),
        ("Ryzen 5 PRO 7645", 6, 3.8), ("Ryzen 7 7700", 8, 3.8), ("Ryzen 7 7700X", 8, 4.5),
        ("Ryzen 7 7700X3D", 8, 4), ("Ryzen 7 7800X3D", 8, 4.2), ("Ryzen 7 8700F", 8, 4.1),
        ("Ryzen 7 8700G", 8, 4.2), ("Ryzen 7 9700X", 8, 3.8), ("Ryzen 7 9800X3D", 8, 4.7),
        ("Ryzen 7 9850X3D", 8, 4.7), ("Ryzen 7 PRO 7745", 8, 3.8), ("Ryzen 9 7900", 12, 3.7),
        ("Ryzen 9 7900X", 12, 4.7), ("Ryzen 9 7900X3D", 12, 4.4), ("Ryzen 9 7950X", 16, 4.5),
        ("Ryzen 9 7950X3D", 16, 4.2), ("Ryzen 9 9900X", 12, 4.4), ("Ryzen 9 9900X3D", 12, 4.4),
        ("Ryzen 9 9950X", 16, 4.3), ("Ryzen 9 9950X3D", 16, 4.3), ("Ryzen 9 9950X3D2", 16, 4.3),
        ("Ryzen 9 PRO 7945", 12, 3.7),
        ],
    },
    "epyc-rome-milan-8ch-ddr4-3200": {
        "line": "AMD EPYC 7002 (Rome, Zen 2) and 7003 (Milan / Milan-X, Zen 3)",
        "skus_ref": QUATTOR_REF,
        "skus_covers": "cores and base clock ('speed', MHz) per SKU (type zen2 / zen3, model EPYC 7xx2 / 7xx3)",
        "sources": [
            {"ref": "https://www.hubbry.com/Epyc/encyclopedias",
             "covers": ["Epyc 7002 Rome doubled the core count per socket to 64 (cross-check of the maximum)"]},
        ],
        "notes": "",
        "skus": [
        ("EPYC 7203", 8, 2.8), ("EPYC 7203P", 8, 2.8), ("EPYC 7232P", 8, 3.1),
        ("EPYC 7252", 8, 3.1), ("EPYC 7262", 8, 3.2), ("EPYC 7272", 12, 2.9),
        ("EPYC 7282", 16, 2.8), ("EPYC 72F3", 8, 3.7), ("EPYC 7302", 16, 3.0),
        ("EPYC 7302P", 16, 3.0), ("EPYC 7303", 16, 2.4), ("EPYC 7303P", 16, 2.4),
        ("EPYC 7313", 16, 3.0), ("EPYC 7313P", 16, 3.0), ("EPYC 7343", 16, 3.2),
        ("EPYC 7352", 24, 2.3), ("EPYC 7373X", 16, 3.05), ("EPYC 73F3", 16, 3.5),
        ("EPYC 7402", 24, 2.8), ("EPYC 7402P", 24, 2.8), ("EPYC 7413", 24, 2.65),
        ("EPYC 7443", 24, 2.85), ("EPYC 7443P", 24, 2.85), ("EPYC 7452", 32, 2.35),
        ("EPYC 7453", 28, 2.75), ("EPYC 7473X", 24, 2.8), ("EPYC 74F3", 24, 3.2),
        ("EPYC 7502", 32, 2.5), ("EPYC 7502P", 32, 2.5), ("EPYC 7513", 32, 2.6),
        ("EPYC 7532", 32, 2.4), ("EPYC 7542", 32, 2.9), ("EPYC 7543", 32, 2.8),
        ("EPYC 7543P", 32, 2.8), ("EPYC 7552", 48, 2.2), ("EPYC 7573X", 32, 2.8),
        ("EPYC 75F3", 32, 2.95), ("EPYC 7642", 48, 2.3), ("EPYC 7643", 48, 2.3),
        ("EPYC 7643P", 48, 2.3), ("EPYC 7662", 64, 2.0), ("EPYC 7663", 56, 2.0),
        ("EPYC 7663P", 56, 2.0), ("EPYC 7702", 64, 2.0), ("EPYC 7702P", 64, 2.0),
        ("EPYC 7713", 64, 2.0), ("EPYC 7713P", 64, 2.0), ("EPYC 7742", 64, 2.25),
        ("EPYC 7763", 64, 2.45), ("EPYC 7773X", 64, 2.2), ("EPYC 7F32", 8, 3.7),
        ("EPYC 7F52", 16, 3.5), ("EPYC 7F72", 24, 3.2), ("EPYC 7H12", 64, 2.6),
        ],
    },
    "epyc-genoa-12ch-ddr5-4800": {
        "line": "AMD EPYC 9004 with Zen 4 cores (Genoa, Genoa-X; the Zen 4c Bergamo 97x4 parts left out)",
        "skus_ref": QUATTOR_REF,
        "skus_covers": "cores and base clock ('speed', MHz) per SKU (type zen4, model EPYC 9xx4 except 97x4)",
        "sources": [
            {"ref": "https://geektopia.es/es/technology/2022/11/10/noticias/amp/"
                    "amd-anuncia-la-serie-epyc-9004-de-hasta-96-nucleos-zen-4.html",
             "covers": ["EPYC 9004 from the 16-core 9124 to the 96-core 9654 (cross-check of the range)"]},
        ],
        "notes": "Bergamo (EPYC 9734/9754, 112-128 Zen 4c cores, 2.2-2.25 GHz base, quattor) runs on the same "
                 "12-channel platform but is not in the range.",
        "skus": [
        ("EPYC 9124", 16, 3.0), ("EPYC 9174F", 16, 4.1), ("EPYC 9184X", 16, 3.55),
        ("EPYC 9224", 24, 2.5), ("EPYC 9254", 24, 2.9), ("EPYC 9274F", 24, 4.05),
        ("EPYC 9334", 32, 2.7), ("EPYC 9354", 32, 3.25), ("EPYC 9354P", 32, 3.25),
        ("EPYC 9374F", 32, 3.85), ("EPYC 9384X", 32, 3.1), ("EPYC 9454", 48, 2.75),
        ("EPYC 9454P", 48, 2.75), ("EPYC 9474F", 48, 3.6), ("EPYC 9534", 64, 2.45),
        ("EPYC 9554", 64, 3.1), ("EPYC 9554P", 64, 3.1), ("EPYC 9634", 84, 2.25),
        ("EPYC 9654", 96, 2.4), ("EPYC 9654P", 96, 2.4), ("EPYC 9684X", 96, 2.55),
        ],
    },
    "xeon-spr-8ch-ddr5-4800": {
        "line": "Intel 4th Gen Xeon Scalable (Sapphire Rapids), model numbers x4xx (Xeon Max HBM parts left out)",
        "skus_ref": QUATTOR_REF,
        "skus_covers": "cores and base clock per SKU (type 'sapphire rapids', model number x4xx; quattor also files "
                       "5th-gen x5xx parts under that type, which are left out)",
        "sources": [],
        "notes": "Bronze, Silver and Gold 5400 SKUs run their memory below DDR5-4800 (the platform's figure). "
                 "AMX and AVX-512 loads can run below the base clock (reference/hardware.md). llama.cpp builds "
                 "with its AMX kernels (github:ggml-org/llama.cpp ggml/src/ggml-cpu/amx/common.h: Q4_0, Q4_1, "
                 "Q8_0, Q4_K, Q5_K, Q6_K, IQ4_XS on int8 tiles) can prefill faster than the fp32 range the "
                 "estimator uses for GGUF formats; no measurement in reference/ or calibration/ sizes that.",
        "skus": [
        ("Xeon Bronze 3408U", 8, 1.8), ("Xeon Gold 5403N", 12, 2.0), ("Xeon Gold 5411N", 24, 1.9),
        ("Xeon Gold 5412U", 24, 2.1), ("Xeon Gold 5415+", 8, 2.9), ("Xeon Gold 5416S", 16, 2.0),
        ("Xeon Gold 5418N", 24, 1.8), ("Xeon Gold 5418Y", 24, 2.0), ("Xeon Gold 5420+", 28, 2.0),
        ("Xeon Gold 5423N", 20, 2.1), ("Xeon Gold 5433N", 20, 2.3), ("Xeon Gold 6403N", 24, 1.9),
        ("Xeon Gold 6414U", 32, 2.0), ("Xeon Gold 6416H", 18, 2.2), ("Xeon Gold 6418H", 24, 2.1),
        ("Xeon Gold 6421N", 32, 1.8), ("Xeon Gold 6423N", 28, 2.0), ("Xeon Gold 6426Y", 16, 2.5),
        ("Xeon Gold 6428N", 32, 1.8), ("Xeon Gold 6430", 32, 2.1), ("Xeon Gold 6433N", 32, 2.0),
        ("Xeon Gold 6433NE", 32, 2.0), ("Xeon Gold 6434", 8, 3.7), ("Xeon Gold 6434H", 8, 3.7),
        ("Xeon Gold 6438M", 32, 2.2), ("Xeon Gold 6438N", 32, 2.0), ("Xeon Gold 6438Y+", 32, 2.0),
        ("Xeon Gold 6442Y", 24, 2.6), ("Xeon Gold 6443N", 32, 2.0), ("Xeon Gold 6444Y", 16, 3.6),
        ("Xeon Gold 6448H", 32, 2.4), ("Xeon Gold 6448Y", 32, 2.1), ("Xeon Gold 6454S", 32, 2.2),
        ("Xeon Gold 6458Q", 32, 3.1), ("Xeon Platinum 8444H", 16, 2.9), ("Xeon Platinum 8450H", 28, 2.0),
        ("Xeon Platinum 8452Y", 36, 2.0), ("Xeon Platinum 8454H", 32, 2.1), ("Xeon Platinum 8458P", 44, 2.7),
        ("Xeon Platinum 8460H", 40, 2.2), ("Xeon Platinum 8460Y+", 40, 2.0), ("Xeon Platinum 8461V", 48, 2.2),
        ("Xeon Platinum 8462Y+", 32, 2.8), ("Xeon Platinum 8468", 48, 2.1), ("Xeon Platinum 8468H", 48, 2.1),
        ("Xeon Platinum 8468V", 48, 2.4), ("Xeon Platinum 8470", 52, 2.0), ("Xeon Platinum 8470N", 52, 1.7),
        ("Xeon Platinum 8470Q", 52, 2.1), ("Xeon Platinum 8471N", 52, 1.8), ("Xeon Platinum 8480+", 56, 2.0),
        ("Xeon Platinum 8490H", 60, 1.9), ("Xeon Silver 4410T", 10, 2.7), ("Xeon Silver 4410Y", 12, 2.0),
        ("Xeon Silver 4416+", 20, 2.0),
        ],
    },
}


def span(values, digits=4):
    return [round(min(values), digits), round(max(values), digits)]


def product_line_fields(platform_id):
    """The range fields, source entries and note for one cpu platform, computed from its SKU table."""
    line = CPU_PRODUCT_LINES.get(platform_id)
    if line is None:
        raise SystemExit(f"cpu platform {platform_id!r} has no product-line table in build_catalog.py")
    skus = line["skus"]
    names = [s[0] for s in skus]
    if len(set(names)) != len(names):
        raise SystemExit(f"{platform_id}: duplicate SKU rows")
    cores = [s[1] for s in skus]
    clocks = [s[2] for s in skus]
    fields = {
        "product_line": line["line"],
        "cores_range": span(cores),
        "clock_ghz_range": span(clocks),
        "core_ghz_range": span([c * g for _, c, g in skus]),
    }
    sources = [{"ref": line["skus_ref"], "covers": [line["skus_covers"] + f"; {len(skus)} SKUs"]}]
    sources += line["sources"]
    note = (f"Product line: {line['line']}: {fields['cores_range'][0]}-{fields['cores_range'][1]} cores, base clock "
            f"{fields['clock_ghz_range'][0]}-{fields['clock_ghz_range'][1]} GHz, cores x base clock "
            f"{fields['core_ghz_range'][0]}-{fields['core_ghz_range'][1]} GHz over {len(skus)} SKUs. These "
            "ranges describe the product line, not the user's machine: the estimator uses them only when the "
            "machine's cores and clock are not given.")
    if line["notes"]:
        note += " " + line["notes"]
    return fields, sources, note


# ---------------------------------------------------------------------------------------------------
# [hardware]
# ---------------------------------------------------------------------------------------------------
CPU_VENDORS = {"epyc": "AMD", "xeon": "Intel", "desktop": "generic (desktop platform)"}


def build_cpu(p):
    out = {"id": p["id"], "vendor": next(v for k, v in CPU_VENDORS.items() if p["id"].startswith(k)),
           "name": p["name"], "kind": "cpu", "market": "cpu"}
    for key, value in p.items():
        if key not in out:
            out[key] = value
    # Not sourced per SKU (reference/hardware.md: "the estimator must take the clock as an input"): the
    # scenario or the user gives the machine's cores and sustained clock.
    out["cores"] = None
    out["clock_ghz"] = None
    # What the product line offers instead ([cpu product lines]), marked as derived from the SKU tables.
    fields, sources, note = product_line_fields(p["id"])
    out.update(fields)
    out["source"] = list(out.get("source") or []) + sources
    out["derived_fields"] = list(out.get("derived_fields") or []) + ["cores_range", "clock_ghz_range",
                                                                    "core_ghz_range"]
    out["notes"] = (out.get("notes") or "") + (" " if out.get("notes") else "") + note
    return out


# What CUDA reports as the card's total memory, read in engines' startup logs (the calibration records that
# quote them). The label ("48 GB") is not what a runtime can use: HBM cards show about 0.99 of it, GDDR cards
# with ECC on by default (L40S) far less. Where no log is known the core applies the HBM share to the label.
VISIBLE_MEMORY_GIB = {
    "nvidia-h100-sxm-80gb": (79.18, "llm-d empirical capacity notes: an 80 GB H100 shows 79.18 GiB to CUDA"),
    "nvidia-a100-sxm-40gb": (39.50, "vLLM V0 log, calibration M003: total_gpu_memory (39.50GiB)"),
    "nvidia-rtx-3090": (23.58, "vLLM V0 log, calibration serving V021: total_gpu_memory=23.58GiB"),
    "nvidia-l40s-48gb": (44.42, "vLLM 0.10.2 log, calibration serving V027: 44.42 GiB usable per L40S"),
    "nvidia-rtx-4080": (15.99, "vLLM 0.26 notes, calibration serving V034: 16376 MiB, 15.99 GiB"),
}


def with_visible_memory(card):
    out = dict(card)
    if card["id"] in VISIBLE_MEMORY_GIB:
        gib, source = VISIBLE_MEMORY_GIB[card["id"]]
        out["visible_memory_gib"] = gib
        out["source"] = list(out.get("source") or []) + [{"ref": source, "covers": ["visible_memory_gib"]}]
    return out


def build_hardware(ref):
    return {
        "schema": "infersizer.hardware/1",
        "version": CATALOG_VERSION,
        "retrieved": ref["retrieved"],
        "units": ref["units"],
        "accelerators": [with_visible_memory(a) for a in ref["accelerators"]],
        "cpu_platforms": [build_cpu(p) for p in ref["cpu_platforms"]],
    }


# ---------------------------------------------------------------------------------------------------
# [prices]
# ---------------------------------------------------------------------------------------------------
# Rental GPU text -> catalog accelerator, only where the text names one card unambiguously. "H100 80GB"
# (SXM or PCIe), "A100 80GB"/"A100 40GB" (SXM or PCIe), "H200 141GB" (SXM or NVL), shared tiers
# ("L40S / RTX 6000 Ada") and cards the catalog lacks (H100 NVL, Quadro RTX 6000, A40) map to "".
GPU_TEXT_TO_ID = {
    "H100 PCIe 80GB": "nvidia-h100-pcie-80gb",
    "H100 SXM 80GB": "nvidia-h100-sxm-80gb",
    "A10 24GB": "nvidia-a10-24gb",
    "L40S 48GB": "nvidia-l40s-48gb",
    "T4 16GB": "nvidia-t4-16gb",
    "L4 24GB": "nvidia-l4-24gb",
    "B200 180GB": "nvidia-b200-180gb",
    "RTX 4090 24GB (PRO)": "nvidia-rtx-4090",
    "RTX 4090 24GB": "nvidia-rtx-4090",
    "RTX 3090 24GB": "nvidia-rtx-3090",
    "RTX 5090 32GB": "nvidia-rtx-5090",
    "A100 SXM 80GB": "nvidia-a100-sxm-80gb",
    "A100 80GB SXM": "nvidia-a100-sxm-80gb",
    "RTX A6000 48GB": "nvidia-rtx-a6000",
    "MI300X 192GB": "amd-mi300x-192gb",
    "MI325X 256GB": "amd-mi325x-256gb",
}


# Rows that name the card but not its form factor. Cloud H100/A100/H200 instances are overwhelmingly the
# SXM parts (PCIe and NVL rows are listed by name when a provider rents them), so these map to SXM with the
# assumption written into the row's notes; the page shows the notes beside the price.
ASSUMED_SXM = {
    "H100 80GB": "nvidia-h100-sxm-80gb",
    "A100 80GB": "nvidia-a100-sxm-80gb",
    "A100 40GB": "nvidia-a100-sxm-40gb",
    "H200 141GB": "nvidia-h200-sxm-141gb",
}


def build_prices(ref, hardware_ids):
    rows = []
    for r in ref["gpu_rental"]:
        hw = GPU_TEXT_TO_ID.get(r["gpu"], "")
        if not hw and r["gpu"] in ASSUMED_SXM:
            hw = ASSUMED_SXM[r["gpu"]]
            r = dict(r)
            r["notes"] = ((r.get("notes") or "") + " catalog: form factor not stated; mapped to the SXM part "
                          "(assumption).").strip()
        if hw and hw not in hardware_ids:
            raise SystemExit(f"price mapping {r['gpu']!r} -> unknown hardware {hw!r}")
        row = {}
        for key, value in r.items():
            row[key] = value
            if key == "gpu":
                row["hardware_id"] = hw
        rows.append(row)
    return {
        "schema": "infersizer.prices/1",
        "retrieved": ref["retrieved"],
        "notes": ref["notes"],
        "gpu_rental": rows,
        "llm_api": ref["llm_api"],
        "usd_cny": USD_CNY,
    }


# ---------------------------------------------------------------------------------------------------
# [main]
# ---------------------------------------------------------------------------------------------------
def write_json(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared folder holding reference/ (default: ../shared next to the repo)")
    ap.add_argument("--out", default=os.path.join(REPO, "data"), help="output folder (default: data/)")
    args = ap.parse_args()
    ref_dir = os.path.join(args.shared, "reference")

    def load(name):
        with open(os.path.join(ref_dir, name), encoding="utf-8") as f:
            return json.load(f)

    models_ref, hw_ref, prices_ref = load("models.json"), load("hardware.json"), load("prices.json")

    models = [build_model(m) for m in models_ref["models"]]
    check_counts(models)
    models_doc = {
        "schema": "infersizer.models/1",
        "retrieved": models_ref["retrieved"],
        "description": models_ref["description"],
        "models": models,
    }
    hardware_doc = build_hardware(hw_ref)
    hardware_ids = {h["id"] for h in hardware_doc["accelerators"]}
    prices_doc = build_prices(prices_ref, hardware_ids)

    os.makedirs(args.out, exist_ok=True)
    write_json(os.path.join(args.out, "models.json"), models_doc)
    write_json(os.path.join(args.out, "hardware.json"), hardware_doc)
    write_json(os.path.join(args.out, "prices.json"), prices_doc)
    unmapped = sorted({r["gpu"] for r in prices_doc["gpu_rental"] if not r["hardware_id"]})
    print(f"models {len(models)}, accelerators {len(hardware_doc['accelerators'])}, "
          f"cpu platforms {len(hardware_doc['cpu_platforms'])}, gpu rental rows {len(prices_doc['gpu_rental'])}, "
          f"api rows {len(prices_doc['llm_api'])}")
    print("rental rows without a catalog accelerator: " + "; ".join(unmapped), file=sys.stderr)


if __name__ == "__main__":
    main()
