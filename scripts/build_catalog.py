#!/usr/bin/python3
"""build_catalog.py — builds data/models.json, data/hardware.json and data/prices.json from the sourced
reference in ../shared/reference (models.json, hardware.json, prices.json).

Run with Debian's Python (stdlib only), from anywhere:
    /usr/bin/python3 scripts/build_catalog.py [--shared DIR] [--out DIR]

Rules (brief.md, reference/hardware.md "How to use this in data/"):
  - never invent a number: every value is copied from the reference or derived from it by a rule written
    here (n_sliding_layers, the MLA head width); a null stays null;
  - every entry keeps its source;
  - output is stable (reference order, fixed key order, indent 1) so a rerun gives the same bytes.
data/formats.json is hand-written and data/engines.json belongs to another file owner; neither is touched.

Sections: [models] [parameter check] [hardware] [prices] [main]
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
    return out


def build_hardware(ref):
    return {
        "schema": "infersizer.hardware/1",
        "version": CATALOG_VERSION,
        "retrieved": ref["retrieved"],
        "units": ref["units"],
        "accelerators": ref["accelerators"],
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
