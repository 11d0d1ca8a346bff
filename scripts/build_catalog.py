#!/usr/bin/python3
"""build_catalog.py — builds the catalog in data/ from its sourced inputs in data/sources/, and checks it.

data/*.json are generated; never edit them by hand. Edit data/sources/*.json, then run this script:
    /usr/bin/python3 scripts/build_catalog.py                # regenerate data/*.json from data/sources/
    /usr/bin/python3 scripts/build_catalog.py --check        # exit 1 with a diff summary if data/ is stale
    /usr/bin/python3 scripts/build_catalog.py --self-test    # prove --check catches a stale copy (temp dirs only)
Options: --sources DIR (default data/sources), --out DIR (default data). Debian's Python, stdlib only.
docs/catalog.md describes every file and field, and how to add a card, a model, a price or an engine.

  data/sources/models.json    -> data/models.json    (fields renamed for the core, derived fields added, and
                                                      every parameter count checked against the formulas)
  data/sources/hardware.json  -> data/hardware.json  (cpu platforms get product-line ranges from SKU tables;
                                                      every entry gets a source_label of its refs' addresses;
                                                      notes are {"zh", "en"})
  data/sources/prices.json    -> data/prices.json    (rental rows get the catalog accelerator they name)
  data/sources/formats.json   -> data/formats.json   (validated; each format citing this repository's docs
                                                      gets a bilingual source_label naming them by title)
  data/sources/engines.json   -> data/engines.json   (validated, copied byte for byte)

Rules:
  - never invent a number: every value is copied from data/sources or derived from it by a rule written
    here (n_sliding_layers, the MLA head width, the product-line ranges); a null stays null;
  - every entry carries a source: an entry without one is rejected with the file, the entry and the field;
  - output is stable (source order, fixed key order, indent 1), so a rerun gives the same bytes, and
    --check (a CTest test, tests/CMakeLists.txt) fails when data/ is not what data/sources/ produce.

Sections: [problems] [models] [parameter check] [cpu product lines] [hardware] [prices] [source labels]
          [formats and engines]
          [generate] [check] [self-test] [main]
"""

import argparse
import copy
import json
import os
import re
import shutil
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SOURCES = os.path.join(REPO, "data", "sources")
DEFAULT_OUT = os.path.join(REPO, "data")
OUTPUT_FILES = ("models.json", "hardware.json", "prices.json", "formats.json", "engines.json")


# ---------------------------------------------------------------------------------------------------
# [problems] — what is wrong with data/sources, each naming the file, the entry and the field.
# ---------------------------------------------------------------------------------------------------
class CatalogError(Exception):
    """The sources cannot be built; args[0] is the list of problems, one line each."""


class Problems:
    def __init__(self):
        self.lines = []

    def add(self, file, where, field, message):
        self.lines.append(f"data/sources/{file}: {where}: field '{field}': {message}")

    def raise_if_any(self):
        if self.lines:
            raise CatalogError(self.lines)


def fail(message):
    raise CatalogError([message])


def entry_name(collection, index, entry, key):
    """'accelerators[3] (id "nvidia-h100-sxm-80gb")' — the entry as a message names it."""
    label = entry.get(key) if isinstance(entry, dict) else None
    return f"{collection}[{index}]" + (f" ({key} {json.dumps(label, ensure_ascii=False)})" if label else "")


def is_text(v):
    return isinstance(v, str) and v.strip() != ""


def check_fields(problems, file, where, entry, required):
    for field in required:
        if field not in entry:
            problems.add(file, where, field, "missing")
        elif entry[field] is None or entry[field] == "":
            problems.add(file, where, field, "must not be null or empty")


def check_ref_list(problems, file, where, field, value):
    """A source as a non-empty list of {"ref": text, "covers": [text, ...]} (hardware.json's form)."""
    if not isinstance(value, list) or not value:
        problems.add(file, where, field, "missing or empty; every entry needs a source: a non-empty list of "
                                         "{\"ref\", \"covers\"} objects")
        return
    for i, item in enumerate(value):
        if not isinstance(item, dict) or not is_text(item.get("ref")):
            problems.add(file, where, f"{field}[{i}].ref", "must be a non-empty string (where the figure was read)")


def check_source_text(problems, file, where, entry, field="source"):
    """A source as one non-empty string (prices, formats, engines)."""
    if not is_text(entry.get(field)):
        problems.add(file, where, field, "missing or empty; every entry needs a source (a non-empty string "
                                         "saying where its figures were read)")


def check_bilingual(problems, file, where, entry, field):
    v = entry.get(field)
    if not isinstance(v, dict) or not is_text(v.get("zh")) or not is_text(v.get("en")):
        problems.add(file, where, field, "must be {\"zh\": text, \"en\": text}, both non-empty")


def check_notes(problems, file, where, entry, field="notes"):
    """Notes the page shows (hardware tooltips) are bilingual: absent or null, or both languages. A plain
    string would put English into the Chinese page (issue #9), so it is rejected like a missing side."""
    if entry.get(field) is not None:
        check_bilingual(problems, file, where, entry, field)


# ---------------------------------------------------------------------------------------------------
# [models]
# ---------------------------------------------------------------------------------------------------
ROLES = {"chat/LLM": "chat", "embedding": "embedding", "reranker": "reranker", "asr": "asr"}

# Architectures whose parameters the decoder formulas do not describe carry their published totals
# (params_override). The source entry says which published figure in "params_override_rule": {"from", "basis"}.
OVERRIDE_FROM = ("total_params", "total_params_without_lm_head", "stated")
# Counted by the formulas ([parameter check]) unless the entry has a params_override_rule.
SHAPE_FIELDS = ("num_hidden_layers", "hidden_size", "num_attention_heads", "vocab_size", "total_params")


def validate_model(problems, i, m):
    where = entry_name("models", i, m, "name")
    check_fields(problems, "models.json", where, m, ("name", "family", "role"))
    if m.get("role") is not None and m.get("role") not in ROLES:
        problems.add("models.json", where, "role", f"must be one of {', '.join(ROLES)}, got {m.get('role')!r}")
    src = m.get("source")
    if not isinstance(src, dict) or not is_text(src.get("config")):
        problems.add("models.json", where, "source.config", "missing or empty; every model needs a source: "
                     "{\"config\": where its config.json was read, ...}")
    if "trust_remote_code" in m:
        if m["trust_remote_code"] is not True:
            problems.add("models.json", where, "trust_remote_code",
                         f"must be true where set (absent: false), got {m['trust_remote_code']!r}")
        if not is_text(m.get("trust_remote_code_source")):
            problems.add("models.json", where, "trust_remote_code_source",
                         "missing or empty; trust_remote_code needs a source (an engine's or the model's launch guide)")
    if "published_weights" in m:
        if not is_text(m["published_weights"]):
            problems.add("models.json", where, "published_weights",
                         f"must be a weight format id (formats.json) where set, got {m['published_weights']!r}")
        if not is_text(m.get("published_weights_source")):
            problems.add("models.json", where, "published_weights_source",
                         "missing or empty; published_weights needs a source (the model's card or config.json)")
    rule = m.get("params_override_rule")
    if rule is None:
        check_fields(problems, "models.json", where, m, SHAPE_FIELDS)
    elif not isinstance(rule, dict) or rule.get("from") not in OVERRIDE_FROM or not is_text(rule.get("basis")):
        problems.add("models.json", where, "params_override_rule",
                     f"must be {{\"from\": one of {', '.join(OVERRIDE_FROM)}, \"basis\": \"stated: why\"}}")


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
    """Layers that use the sliding window, from the entry's layer description ('sliding_window_layers').
    Qwen2.x and Phi-3-mini-4k carry a window that is not in effect: 0."""
    layers = m["num_hidden_layers"]
    if not m.get("sliding_window"):
        return 0
    mt = m.get("model_type") or ""
    if mt == "gemma2":
        count = sum(1 for i in range(layers) if i % 2 == 0)  # even layers local
    elif mt in ("gemma3", "gemma3_text"):
        count = sum(1 for i in range(layers) if (i + 1) % 6 != 0)  # global iff (i+1) % 6 == 0
    elif mt == "gpt_oss":
        count = sum(1 for i in range(layers) if i % 2 == 0)  # layer_types alternate, sliding first
    elif mt == "phi3":
        return 0  # HF Phi-3 ignores the 4k model's 2047 window (the entry's notes): full attention
    else:
        fail(f"data/sources/models.json: {m['name']}: sliding_window set but no layer rule for model_type {mt!r} "
             "(add one to n_sliding_layers in scripts/build_catalog.py)")
    glob = m.get("global_attention_layer_indices")
    if glob is not None and layers - len(glob) != count:
        fail(f"data/sources/models.json: {m['name']}: sliding-layer rule gives {count}, the entry lists "
             f"{len(glob)} global layers")
    return count


def joined_notes(notes):
    if notes is None:
        return ""
    if isinstance(notes, list):
        return " ".join(notes)
    return str(notes)


def params_override(m):
    """(override, active_override, published_total_params, params_basis) of one source entry."""
    rule = m.get("params_override_rule")
    if rule is None:
        return None, None, m.get("total_params"), "computed"
    frm = rule["from"]
    if frm == "stated":
        override = parse_stated(m.get("total_params_stated"))
        if override is None:
            fail(f"data/sources/models.json: {m['name']}: params_override_rule.from 'stated' needs "
                 f"total_params_stated like '106B', got {m.get('total_params_stated')!r}")
        return override, parse_stated(m.get("active_params_stated")), None, rule["basis"]
    if frm == "total_params_without_lm_head":
        override = (m.get("params_detail") or {}).get("total_params_computed_without_lm_head")
        if override is None:
            fail(f"data/sources/models.json: {m['name']}: params_override_rule.from '{frm}' needs "
                 "params_detail.total_params_computed_without_lm_head")
        return override, None, override, rule["basis"]
    return m.get("total_params"), None, m.get("total_params"), rule["basis"]


def build_model(m):
    get = m.get
    mt = get("model_type") or ""
    notes = []
    head_dim = get("head_dim")
    head_dim_source = get("head_dim_source")
    if head_dim is None and get("kv_lora_rank") is not None:
        # MLA: "Q/K head width is qk_nope + qk_rope (192)"; the MLA formulas never use head_dim.
        head_dim = m["qk_nope_head_dim"] + m["qk_rope_head_dim"]
        head_dim_source = "catalog: MLA Q/K head width qk_nope_head_dim + qk_rope_head_dim (docs/references/models.md)"
    n_kv = get("num_key_value_heads")
    if n_kv is None and get("attention_type") == "MHA":
        n_kv = get("num_attention_heads")
        notes.append("catalog: num_key_value_heads absent from config => equals num_attention_heads (MHA).")

    override, active_override, published, basis = params_override(m)

    if get("trust_remote_code"):
        notes.append(f"catalog: trust_remote_code: {m['trust_remote_code_source']}")
    if get("published_weights"):
        notes.append(f"catalog: published_weights {m['published_weights']}: {m['published_weights_source']}")

    sliding = n_sliding_layers(m) if get("num_hidden_layers") else 0
    if sliding:
        notes.append(f"catalog: n_sliding_layers {sliding} of {m['num_hidden_layers']} from the layer rule "
                     f"'{m['sliding_window_layers']}'.")

    model_type = get("model_type")
    architecture = get("architecture")
    if model_type is None and m["family"].startswith("Qwen2.5"):
        # Two transcribed Qwen2.5 entries (1.5B, 14B) lack these two fields; every other Qwen2.5 config says
        # qwen2 / Qwen2ForCausalLM, and the GGUF mix rules key on the arch.
        model_type, architecture = "qwen2", "Qwen2ForCausalLM"
        notes.append("catalog: model_type/architecture taken from the Qwen2.5 family (the transcribed "
                     "entry lacks them).")

    source = m["source"]
    return {
        "id": m["name"],
        "hf_id": get("hf_id"),
        "family": m["family"],
        "role": ROLES[m["role"]],
        # Only where set (the served copy carries no key for the other models); its source goes to the notes.
        **({"trust_remote_code": True} if get("trust_remote_code") else {}),
        **({"published_weights": m["published_weights"]} if get("published_weights") else {}),
        "architecture": architecture,
        "model_type": model_type,
        "num_hidden_layers": get("num_hidden_layers"),
        "hidden_size": get("hidden_size"),
        "intermediate_size": get("intermediate_size"),
        "num_attention_heads": get("num_attention_heads"),
        "num_key_value_heads": n_kv,
        "head_dim": head_dim,
        "head_dim_source": head_dim_source,
        "vocab_size": get("vocab_size"),
        "tie_word_embeddings": get("tie_word_embeddings"),
        "attention_bias": get("attention_bias"),
        "qk_norm": get("qk_norm"),
        # Gemma-2/3 have 4 norms per layer (pre/post attention, pre/post FFN); others 2.
        "norms_per_layer": 4 if mt in ("gemma2", "gemma3", "gemma3_text") else 2,
        # gpt-oss: biases on q/k/v/o, one sink per head, router and expert biases.
        "gpt_oss_layout": mt == "gpt_oss",
        "n_routed_experts": get("n_routed_experts"),
        "num_experts_per_tok": get("num_experts_per_tok"),
        "n_shared_experts": get("n_shared_experts"),
        "moe_intermediate_size": get("moe_intermediate_size"),
        "first_k_dense_replace": get("first_k_dense_replace"),
        # e_score_correction_bias (+E per MoE layer) when topk_method = noaux_tc: DeepSeek-V3/R1, Kimi-K2
        # (DeepseekV3ForCausalLM) and GLM-4.5. DeepSeek-V2-Lite has none (checked by the count).
        "router_bias": get("architecture") in ("DeepseekV3ForCausalLM", "Glm4MoeForCausalLM"),
        "q_lora_rank": get("q_lora_rank"),
        "kv_lora_rank": get("kv_lora_rank"),
        "qk_rope_head_dim": get("qk_rope_head_dim"),
        "qk_nope_head_dim": get("qk_nope_head_dim"),
        "v_head_dim": get("v_head_dim"),
        "sliding_window": get("sliding_window"),
        "n_sliding_layers": sliding,
        "sliding_window_layers": get("sliding_window_layers"),
        "max_position_embeddings": get("max_position_embeddings"),
        "total_params": get("total_params"),
        "total_params_stated": get("total_params_stated"),
        "active_params_per_token": get("active_params_per_token"),
        "active_params_stated": get("active_params_stated"),
        "published_total_params": published,
        "params_override": override,
        "active_params_override": active_override,
        "params_basis": basis,
        "torch_dtype": get("torch_dtype"),
        "verification": get("verification"),
        "unverified_fields": get("unverified_fields"),
        "license": get("license"),
        "release_date": get("release_date"),
        "source": source["config"],
        "source_params": source.get("params_stated"),
        "source_detail": source,
        "notes": " ".join(x for x in [joined_notes(get("notes")), get("weights_format_note") or ""] + notes if x),
    }


# ---------------------------------------------------------------------------------------------------
# [parameter check] — the parameter formulas, so that a wrong flag above fails the build, not a user.
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
        try:
            got = count_params(e)
        except TypeError:
            fail(f"data/sources/models.json: {e['id']}: a field the parameter formula needs is null (intermediate_size, "
                 "num_key_value_heads, head_dim, ...)")
        if got is None:
            continue
        total, active = got
        if total != e["total_params"]:
            fail(f"data/sources/models.json: {e['id']}: the formula gives {total} parameters, the entry's total_params "
                 f"is {e['total_params']}: a shape field or flag is wrong")
        if e["active_params_per_token"] is not None and active != e["active_params_per_token"]:
            fail(f"data/sources/models.json: {e['id']}: the formula gives {active} active parameters, the entry's "
                 f"active_params_per_token is {e['active_params_per_token']}")


def build_models_doc(ref, problems):
    for i, m in enumerate(ref.get("models") or []):
        validate_model(problems, i, m)
    problems.raise_if_any()
    models = [build_model(m) for m in ref["models"]]
    check_counts(models)
    return {
        "schema": "infersizer.models/1",
        "retrieved": ref["retrieved"],
        "description": ref["description"],
        "models": models,
    }


# ---------------------------------------------------------------------------------------------------
# [cpu product lines] — cores and base clocks of the CPUs each cpu platform stands for.
# ---------------------------------------------------------------------------------------------------
# A cpu platform is a memory system; its compute peak is cores x clock x work per clock, and the platform has
# no cores or clock of its own (the estimator takes the user's machine as an input). Without them the
# estimator could not bound prefill at all. Each cpu platform in data/sources/hardware.json therefore carries
# "product_line_table": the SKUs of the product line it stands for, with the cores and BASE clock their source
# states ("skus": [[name, cores, base GHz], ...]); the build writes
#   cores_range      [min, max] cores over the SKUs
#   clock_ghz_range  [min, max] base clock over the SKUs, GHz
#   core_ghz_range   [min, max] of cores x base clock over the SKUs (a 96-core part never runs at the
#                    16-core part's clock, so this is narrower than cores_range x clock_ghz_range)
# They describe the product line, not the user's machine; the estimator says so and asks for the machine's
# cores and sustained clock. Base clock is the all-core clock the vendor specifies at TDP: AVX2 loads often
# run above it (boost), AVX-512/AMX loads on Intel may run below it, so the peak is an indicative range.
PRODUCT_LINE_FIELDS = ("line", "skus_ref", "skus_covers", "skus")


def validate_product_line(problems, where, table):
    if not isinstance(table, dict):
        problems.add("hardware.json", where, "product_line_table",
                     "missing; a cpu platform needs {\"line\", \"skus_ref\", \"skus_covers\", \"skus\": "
                     "[[name, cores, base GHz], ...]}")
        return
    check_fields(problems, "hardware.json", where + ".product_line_table", table, PRODUCT_LINE_FIELDS)
    # The line's name and notes go into the platform's bilingual notes, so both need both languages.
    check_bilingual(problems, "hardware.json", where, {"product_line_table.line": table.get("line")},
                    "product_line_table.line")
    check_notes(problems, "hardware.json", where, {"product_line_table.notes": table.get("notes")},
                "product_line_table.notes")
    for j, sku in enumerate(table.get("skus") or []):
        ok = (isinstance(sku, list) and len(sku) == 3 and is_text(sku[0]) and isinstance(sku[1], int)
              and sku[1] > 0 and isinstance(sku[2], (int, float)) and sku[2] > 0)
        if not ok:
            problems.add("hardware.json", where, f"product_line_table.skus[{j}]",
                         f"must be [name, cores (integer), base clock GHz], got {json.dumps(sku)}")
    names = [s[0] for s in table.get("skus") or [] if isinstance(s, list) and s]
    if len(set(names)) != len(names):
        problems.add("hardware.json", where, "product_line_table.skus", "duplicate SKU rows")
    for j, s in enumerate(table.get("sources") or []):
        if not isinstance(s, dict) or not is_text(s.get("ref")):
            problems.add("hardware.json", where, f"product_line_table.sources[{j}].ref", "must be a non-empty string")


def span(values, digits=4):
    return [round(min(values), digits), round(max(values), digits)]


def product_line_fields(line):
    """The range fields, source entries and note ({"zh", "en"}) of one cpu platform, from its SKU table."""
    skus = line["skus"]
    cores = [s[1] for s in skus]
    clocks = [s[2] for s in skus]
    fields = {
        "product_line": line["line"]["en"],
        "cores_range": span(cores),
        "clock_ghz_range": span(clocks),
        "core_ghz_range": span([c * g for _, c, g in skus]),
    }
    sources = [{"ref": line["skus_ref"], "covers": [line["skus_covers"] + f"; {len(skus)} SKUs"]}]
    sources += line.get("sources") or []
    c, g, x = fields["cores_range"], fields["clock_ghz_range"], fields["core_ghz_range"]
    note = {
        "zh": (f"产品线：{line['line']['zh']}：{c[0]}-{c[1]} 核，基础频率 {g[0]}-{g[1]} GHz，核心数 x 基础频率 "
               f"{x[0]}-{x[1]} GHz，共 {len(skus)} 个型号。这些范围描述的是产品线，不是用户的机器：只有未给出机器的"
               "核心数和频率时，估算器才使用它们。"),
        "en": (f"Product line: {line['line']['en']}: {c[0]}-{c[1]} cores, base clock {g[0]}-{g[1]} GHz, cores x base "
               f"clock {x[0]}-{x[1]} GHz over {len(skus)} SKUs. These ranges describe the product line, not the "
               "user's machine: the estimator uses them only when the machine's cores and clock are not given."),
    }
    for lang in ("zh", "en"):
        if line.get("notes"):
            note[lang] += ("" if lang == "zh" else " ") + line["notes"][lang]
    return fields, sources, note


# ---------------------------------------------------------------------------------------------------
# [hardware]
# ---------------------------------------------------------------------------------------------------
# The vendor of a cpu platform from its id's first word, when the entry does not give "vendor".
CPU_VENDORS = {"epyc": "AMD", "xeon": "Intel", "desktop": "generic (desktop platform)"}
ACCELERATOR_FIELDS = ("id", "vendor", "name", "market", "kind")
CPU_FIELDS = ("id", "name", "memory_bandwidth_gbs")
HOST_DEFAULT_FIELDS = ("server", "desktop", "server_markets", "source")


def cpu_vendor(p):
    if p.get("vendor"):
        return p["vendor"]
    return next((v for k, v in CPU_VENDORS.items() if p["id"].startswith(k)), None)


def validate_hardware(problems, ref):
    check_fields(problems, "hardware.json", "top level", ref, ("version", "retrieved", "units"))
    for i, a in enumerate(ref.get("accelerators") or []):
        where = entry_name("accelerators", i, a, "id")
        check_fields(problems, "hardware.json", where, a, ACCELERATOR_FIELDS)
        check_ref_list(problems, "hardware.json", where, "source", a.get("source"))
        check_notes(problems, "hardware.json", where, a)
        # A measured visible memory needs its own source line (the engine log it was read in).
        if a.get("visible_memory_gib") is not None and not any(
                "visible_memory_gib" in (s.get("covers") or []) for s in a.get("source") or [] if isinstance(s, dict)):
            problems.add("hardware.json", where, "visible_memory_gib",
                         "needs a source entry whose \"covers\" lists \"visible_memory_gib\"")
        # Cards per server: the planner's 8-card default stands unless a source shows this card's servers differ.
        per_node = a.get("cards_per_node")
        if per_node is not None:
            if not isinstance(per_node, int) or isinstance(per_node, bool) or not 1 <= per_node <= 72:
                problems.add("hardware.json", where, "cards_per_node", "must be a whole number from 1 to 72")
            if not any("cards_per_node" in (s.get("covers") or []) for s in a.get("source") or []
                       if isinstance(s, dict)):
                problems.add("hardware.json", where, "cards_per_node",
                             "needs a source entry whose \"covers\" lists \"cards_per_node\"")
        # Whether the card has FP8 tensor cores is a fact like a figure: sourced, and never against a stated peak.
        fp8_cores = a.get("fp8_tensor_cores")
        if fp8_cores is not None:
            if not isinstance(fp8_cores, bool):
                problems.add("hardware.json", where, "fp8_tensor_cores", "must be true, false or absent")
            elif fp8_cores is False and a.get("fp8_dense_tflops") is not None:
                problems.add("hardware.json", where, "fp8_tensor_cores", "is false but fp8_dense_tflops is stated")
            if not any("fp8_tensor_cores" in (s.get("covers") or []) for s in a.get("source") or []
                       if isinstance(s, dict)):
                problems.add("hardware.json", where, "fp8_tensor_cores",
                             "needs a source entry whose \"covers\" lists \"fp8_tensor_cores\"")
    cpu_ids = []
    for i, p in enumerate(ref.get("cpu_platforms") or []):
        where = entry_name("cpu_platforms", i, p, "id")
        check_fields(problems, "hardware.json", where, p, CPU_FIELDS)
        check_ref_list(problems, "hardware.json", where, "source", p.get("source"))
        check_notes(problems, "hardware.json", where, p)
        validate_product_line(problems, where, p.get("product_line_table"))
        if p.get("id") and not cpu_vendor(p):
            problems.add("hardware.json", where, "vendor",
                         f"missing, and the id starts with none of {', '.join(CPU_VENDORS)}")
        cpu_ids.append(p.get("id"))
    hosts = ref.get("host_defaults")
    if not isinstance(hosts, dict):
        problems.add("hardware.json", "top level", "host_defaults",
                     "missing; must be {\"server\", \"desktop\", \"server_markets\", \"source\"}")
        return
    check_fields(problems, "hardware.json", "host_defaults", hosts, HOST_DEFAULT_FIELDS)
    for key in ("server", "desktop"):
        if hosts.get(key) and hosts[key] not in cpu_ids:
            problems.add("hardware.json", "host_defaults", key,
                         f"must be a cpu_platforms id ({', '.join(cpu_ids)}), got {hosts[key]!r}")


def build_cpu(p):
    out = {"id": p["id"], "vendor": cpu_vendor(p), "name": p["name"], "kind": "cpu", "market": "cpu"}
    for key, value in p.items():
        if key not in out and key != "product_line_table":
            out[key] = value
    # Not sourced per SKU: the scenario or the user gives the machine's cores and sustained clock.
    out["cores"] = None
    out["clock_ghz"] = None
    # What the product line offers instead ([cpu product lines]), marked as derived from the SKU tables.
    fields, sources, note = product_line_fields(p["product_line_table"])
    out.update(fields)
    out["source"] = list(out.get("source") or []) + sources
    out["derived_fields"] = list(out.get("derived_fields") or []) + ["cores_range", "clock_ghz_range",
                                                                    "core_ghz_range"]
    own = out.get("notes") or {"zh": "", "en": ""}
    out["notes"] = {"zh": own["zh"] + note["zh"], "en": own["en"] + (" " if own["en"] else "") + note["en"]}
    return out


def build_hardware_doc(ref, problems):
    validate_hardware(problems, ref)
    problems.raise_if_any()
    return {
        "schema": "infersizer.hardware/1",
        "version": ref["version"],
        "retrieved": ref["retrieved"],
        "units": ref["units"],
        "accelerators": [with_refs_label(a, problems, entry_name("accelerators", i, a, "id"))
                         for i, a in enumerate(ref["accelerators"])],
        "cpu_platforms": [with_refs_label(build_cpu(p), problems, entry_name("cpu_platforms", i, p, "id"))
                          for i, p in enumerate(ref["cpu_platforms"])],
        "host_defaults": ref["host_defaults"],
    }


# ---------------------------------------------------------------------------------------------------
# [prices]
# ---------------------------------------------------------------------------------------------------
# Each rental row names its GPU as the provider does ("H100 SXM 80GB"); gpu_names in data/sources/prices.json
# maps that text to a catalog accelerator: "exact" where the text names one card, "assumed_sxm" where it names
# the card but not its form factor (the row's notes then say so), neither: "" (the page lists the row unmapped).
GPU_ROW_FIELDS = ("provider", "gpu", "pricing_model", "currency")
API_ROW_FIELDS = ("provider", "model", "currency", "input", "output", "status")
SXM_NOTE = "catalog: form factor not stated; mapped to the SXM part (assumption)."


def validate_prices(problems, ref, hardware_ids, model_ids):
    for i, r in enumerate(ref.get("gpu_rental") or []):
        where = entry_name("gpu_rental", i, r, "gpu")
        check_fields(problems, "prices.json", where, r, GPU_ROW_FIELDS)
        check_source_text(problems, "prices.json", where, r)
        if r.get("price_per_gpu_hour") is None and r.get("price_per_gpu_hour_low") is None:
            problems.add("prices.json", where, "price_per_gpu_hour", "missing; give it or price_per_gpu_hour_low")
    for i, r in enumerate(ref.get("llm_api") or []):
        where = entry_name("llm_api", i, r, "model")
        check_fields(problems, "prices.json", where, r, API_ROW_FIELDS)
        check_source_text(problems, "prices.json", where, r)
        # hosts: the catalog models this row serves as they are ("the same model hosted", src/core/cost.cpp).
        for j, mid in enumerate(r.get("hosts") or []):
            if mid not in model_ids:
                problems.add("prices.json", where, f"hosts[{j}]", f"{mid!r} is not a model id in models.json")
    names = ref.get("gpu_names")
    if not isinstance(names, dict):
        problems.add("prices.json", "top level", "gpu_names", "missing; must be {\"exact\": {...}, \"assumed_sxm\": {...}}")
    else:
        for table in ("exact", "assumed_sxm"):
            for text, hw in (names.get(table) or {}).items():
                if hw not in hardware_ids:
                    problems.add("prices.json", f"gpu_names.{table}", text,
                                 f"maps to {hw!r}, which is not an accelerator id in hardware.json")
    rate = ref.get("usd_cny")
    if not isinstance(rate, dict):
        problems.add("prices.json", "top level", "usd_cny", "missing; must be {\"cny_per_usd\", \"as_of\", \"source\"}")
    elif rate.get("cny_per_usd") is not None:
        check_source_text(problems, "prices.json", "usd_cny", rate)
    validate_api_comparison(problems, ref.get("api_comparison"))


def validate_api_comparison(problems, comp):
    where = "api_comparison"
    if not isinstance(comp, dict):
        problems.add("prices.json", "top level", where,
                     "missing; must be {\"small_model_max_params\", \"small\", \"large\", \"source\"}")
        return
    check_fields(problems, "prices.json", where, comp, ("small_model_max_params", "small", "large"))
    check_source_text(problems, "prices.json", where, comp)
    for tier in ("small", "large"):
        t = comp.get(tier)
        if not isinstance(t, dict):
            continue
        check_bilingual(problems, "prices.json", f"{where}.{tier}", t, "rule")
        models = t.get("models")
        if not isinstance(models, list) or not models or not all(is_text(x) for x in models):
            problems.add("prices.json", f"{where}.{tier}", "models", "must be a non-empty list of model names")


def build_prices_doc(ref, hardware_ids, model_ids, problems):
    validate_prices(problems, ref, hardware_ids, model_ids)
    problems.raise_if_any()
    exact, assumed = ref["gpu_names"].get("exact") or {}, ref["gpu_names"].get("assumed_sxm") or {}
    rows = []
    for r in ref["gpu_rental"]:
        hw = exact.get(r["gpu"], "")
        if not hw and r["gpu"] in assumed:
            hw = assumed[r["gpu"]]
            r = dict(r)
            r["notes"] = ((r.get("notes") or "") + " " + SXM_NOTE).strip()
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
        "usd_cny": ref["usd_cny"],
        "api_comparison": ref["api_comparison"],
    }


# ---------------------------------------------------------------------------------------------------
# [source labels] — a source that cites this repository's docs ("docs/references/peers-and-formulas.md §4.1
# (…); engines: https://…") means nothing to a reader of the page as a path (issue #9). The page shows
# `source_label` instead: each cited document by its title and each cited section by its number and heading
# (the English heading read from the document's own "## 4.1 Weight bytes" line, so a renamed section fails the
# build until its Chinese title here is checked), then the source's URLs as they are.
# ---------------------------------------------------------------------------------------------------
DOC_TITLES = {
    "docs/references/gguf-quant-mixes.md": {
        "zh": "InferSizer 参考资料：GGUF 量化混合", "en": "InferSizer references: GGUF quantization mixes",
        "sections_zh": {"3": "块大小（ggml 类型特性）", "6.1": "默认类型、output、token_embd"}},
    "docs/references/peers-and-formulas.md": {
        "zh": "InferSizer 参考资料：同类工具与公式", "en": "InferSizer references: peers and formulas",
        "sections_zh": {"4.1": "权重字节", "4.2": "每 token 的 KV 缓存", "4.5": "预填充与 TTFT"}},
    "docs/references/models.md": {
        "zh": "InferSizer 参考资料：模型架构", "en": "InferSizer references: model architectures", "sections_zh": {}},
    "docs/references/hardware.md": {
        "zh": "InferSizer 参考资料：硬件与价格", "en": "InferSizer references: hardware and prices", "sections_zh": {}},
    "docs/estimation.md": {
        "zh": "InferSizer 文档：估算模型", "en": "InferSizer docs: the estimation model", "sections_zh": {"2": "权重"}},
}
DOC_PATH = re.compile(r"(?<![\w/.-])docs/[A-Za-z0-9_./-]+?\.md")  # not a URL's ".../docs/…"
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
URL = re.compile(r"https?://[^\s,;()]+")


def doc_headings(path):
    """{"4.1": "Weight bytes", …} from a document's numbered headings ("## 3. Block sizes (…)")."""
    headings = {}
    try:
        with open(os.path.join(REPO, path), encoding="utf-8") as f:
            for line in f:
                m = re.match(r"#{2,4} (\d+(?:\.\d+)*)\.? (.+)", line.rstrip("\n"))
                if m:
                    headings.setdefault(m.group(1), m.group(2).strip())
    except OSError:
        pass
    return headings


def source_label(problems, file, where, text):
    """{"zh", "en"} naming the docs a source cites, then its URLs; None when it cites no doc of this repository."""
    cites = list(DOC_PATH.finditer(text))
    if not cites:
        return None
    parts = {"zh": [], "en": []}
    for i, m in enumerate(cites):
        path = m.group(0)
        # The sections cited with a path follow it up to the next ";" or the next path.
        end = cites[i + 1].start() if i + 1 < len(cites) else len(text)
        clause = text[m.end():end].split(";")[0]
        doc = DOC_TITLES.get(path)
        if doc is None:
            problems.add(file, where, "source", f"cites {path}, which has no title in build_catalog.py DOC_TITLES")
            continue
        headings = doc_headings(path)
        sections = SECTION.findall(clause)
        for lang in ("zh", "en"):
            named = []
            for n in sections:
                title = doc["sections_zh"].get(n) if lang == "zh" else headings.get(n)
                if n not in headings or not title:
                    if lang == "en":
                        problems.add(file, where, "source",
                                     f"cites {path} §{n}, which is not a heading there or has no Chinese title "
                                     "in build_catalog.py DOC_TITLES")
                    continue
                named.append(f"§{n} {title}")
            label = doc[lang] + (" " + ("；" if lang == "zh" else "; ").join(named) if named else "")
            if label not in parts[lang]:
                parts[lang].append(label)
    urls = []
    for u in URL.findall(text):
        u = u.rstrip(".")
        if u not in urls:
            urls.append(u)
    return {lang: " · ".join(parts[lang] + urls) for lang in ("zh", "en")}


GITHUB = re.compile(r"github:([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)")


def refs_label(problems, file, where, refs):
    """{"zh", "en"} for a hardware entry's list of refs: each URL as it is, each GitHub citation as its
    repository, each cited doc of this repository by title; refs in words only (a whitepaper and what it says, an
    engine log) stay in the catalog and the CLI's sources. None when no ref is an address or a doc."""
    parts = {"zh": [], "en": []}
    for item in refs or []:
        ref = item.get("ref", "") if isinstance(item, dict) else str(item)
        url, repo = URL.match(ref), GITHUB.match(ref)
        if url or repo:
            named = {"zh": url.group(0).rstrip(".") if url else "github:" + repo.group(1)}
            named["en"] = named["zh"]
        elif DOC_PATH.search(ref):
            named = source_label(problems, file, where, ref)
            if named is None:
                continue
        else:
            continue
        for lang in ("zh", "en"):
            if named[lang] not in parts[lang]:
                parts[lang].append(named[lang])
    if not parts["en"]:
        return None
    return {lang: " · ".join(parts[lang]) for lang in ("zh", "en")}


def with_refs_label(entry, problems, where):
    label = refs_label(problems, "hardware.json", where, entry.get("source"))
    if label is None:
        return entry
    items = list(entry.items())
    at = [k for k, _ in items].index("source") + 1
    return dict(items[:at] + [("source_label", label)] + items[at:])


def with_source_labels(doc, problems):
    """formats.json with a source_label after each format's source that cites this repository's docs."""
    out = copy.deepcopy(doc)
    for collection in ("weight_formats", "kv_formats"):
        for i, f in enumerate(out.get(collection) or []):
            label = source_label(problems, "formats.json", entry_name(collection, i, f, "id"), f.get("source") or "")
            if label is None:
                continue
            items = list(f.items())
            at = [k for k, _ in items].index("source") + 1
            out[collection][i] = dict(items[:at] + [("source_label", label)] + items[at:])
    return out


# ---------------------------------------------------------------------------------------------------
# [formats and engines] — hand-written; validated here (sources, references); formats get source labels.
# The core's loader (src/core/catalog_json.cpp) checks every field again when the catalog is loaded.
# ---------------------------------------------------------------------------------------------------
ENGINE_FIELDS = ("id", "name", "default_kv", "hardware_kinds", "efficiency")
LAUNCHERS = ("vllm-serve", "sglang-launch-server", "trtllm-serve", "llama-server", "ollama-serve",
             "transformers-serve")


def validate_formats(problems, doc, engine_ids):
    for collection in ("weight_formats", "kv_formats"):
        for i, f in enumerate(doc.get(collection) or []):
            where = entry_name(collection, i, f, "id")
            check_fields(problems, "formats.json", where, f, ("id", "engines", "description"))
            check_source_text(problems, "formats.json", where, f)
            for e in f.get("engines") or []:
                if e not in engine_ids:
                    problems.add("formats.json", where, "engines", f"unknown engine {e!r}")
            fallback = f.get("weight_only_fallback")
            if fallback is not None:
                if not isinstance(fallback, dict):
                    problems.add("formats.json", where, "weight_only_fallback", "must be an object")
                    continue
                check_source_text(problems, "formats.json", where + ".weight_only_fallback", fallback)
                for e in fallback.get("except_engines") or []:
                    if e not in engine_ids:
                        problems.add("formats.json", where, "weight_only_fallback.except_engines",
                                     f"unknown engine {e!r}")
            gaps = f.get("unsupported_on")
            if gaps is not None:
                if not isinstance(gaps, list):
                    problems.add("formats.json", where, "unsupported_on", "must be an array")
                    continue
                for g, gap in enumerate(gaps):
                    at = f"{where}.unsupported_on[{g}]"
                    if not isinstance(gap, dict):
                        problems.add("formats.json", at, "", "must be an object")
                        continue
                    check_source_text(problems, "formats.json", at, gap)
                    for key in ("engines", "architectures"):
                        if not gap.get(key):
                            problems.add("formats.json", at, key, "must be a non-empty array")
                    for e in gap.get("engines") or []:
                        if e not in engine_ids:
                            problems.add("formats.json", at, "engines", f"unknown engine {e!r}")


def validate_engines(problems, doc):
    cpu_defaults = []
    for i, e in enumerate(doc.get("engines") or []):
        where = entry_name("engines", i, e, "id")
        check_fields(problems, "engines.json", where, e, ENGINE_FIELDS)
        check_source_text(problems, "engines.json", where, e)
        # The page shows the source by this label in the user's language (its source is English prose).
        check_bilingual(problems, "engines.json", where, e, "source_label")
        not_estimated = e.get("formats_not_estimated")
        if not_estimated is not None:
            if not isinstance(not_estimated, list):
                problems.add("engines.json", where, "formats_not_estimated", "must be an array")
            else:
                for n, item in enumerate(not_estimated):
                    at = f"{where}.formats_not_estimated[{n}]"
                    if not isinstance(item, dict):
                        problems.add("engines.json", at, "", "must be an object")
                        continue
                    if item.get("scheme") not in ("dense", "group", "gguf"):
                        problems.add("engines.json", at, "scheme", f"must be dense, group or gguf, got {item.get('scheme')!r}")
                    check_bilingual(problems, "engines.json", at, item, "why")
                    check_source_text(problems, "engines.json", at, item)
        traits = e.get("traits")
        if traits is None:
            continue
        if not isinstance(traits, dict):
            problems.add("engines.json", where, "traits", "must be an object")
            continue
        check_source_text(problems, "engines.json", where + ".traits", traits)
        if traits.get("launcher") is not None and traits["launcher"] not in LAUNCHERS:
            problems.add("engines.json", where, "traits.launcher",
                         f"must be one of {', '.join(LAUNCHERS)}, got {traits['launcher']!r}")
        if traits.get("expert_offload_caveat") is not None:
            check_bilingual(problems, "engines.json", where + ".traits", traits, "expert_offload_caveat")
        if traits.get("default_for_cpu"):
            cpu_defaults.append(e.get("id"))
    if len(cpu_defaults) > 1:
        problems.add("engines.json", "engines", "traits.default_for_cpu",
                     f"at most one engine may be the CPU default, got {', '.join(map(str, cpu_defaults))}")


# ---------------------------------------------------------------------------------------------------
# [generate] — data/sources -> {file name: text}
# ---------------------------------------------------------------------------------------------------
def dumped(doc):
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def read_text(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        fail(f"{path}: cannot be read ({e.strerror})")


def read_json(sources, name):
    path = os.path.join(sources, name)
    text = read_text(path)
    try:
        return json.loads(text), text
    except json.JSONDecodeError as e:
        fail(f"data/sources/{name}: invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}")


def generate(sources):
    """Every output file's text, built in memory from the sources folder. Raises CatalogError."""
    problems = Problems()
    models_ref, _ = read_json(sources, "models.json")
    hw_ref, _ = read_json(sources, "hardware.json")
    prices_ref, _ = read_json(sources, "prices.json")
    formats_doc, formats_text = read_json(sources, "formats.json")
    engines_doc, engines_text = read_json(sources, "engines.json")

    models_doc = build_models_doc(models_ref, problems)
    hardware_doc = build_hardware_doc(hw_ref, problems)
    hardware_ids = {h["id"] for h in hardware_doc["accelerators"]}
    model_ids = {m["id"] for m in models_doc["models"]}
    prices_doc = build_prices_doc(prices_ref, hardware_ids, model_ids, problems)
    validate_engines(problems, engines_doc)
    validate_formats(problems, formats_doc, {e.get("id") for e in engines_doc.get("engines") or []})
    problems.raise_if_any()
    formats_out = with_source_labels(formats_doc, problems)
    problems.raise_if_any()
    return {
        "models.json": dumped(models_doc),
        "hardware.json": dumped(hardware_doc),
        "prices.json": dumped(prices_doc),
        "formats.json": dumped(formats_out),
        "engines.json": engines_text,
    }


def summary(outputs):
    models = json.loads(outputs["models.json"])["models"]
    hw = json.loads(outputs["hardware.json"])
    prices = json.loads(outputs["prices.json"])
    unmapped = sorted({r["gpu"] for r in prices["gpu_rental"] if not r["hardware_id"]})
    return (f"models {len(models)}, accelerators {len(hw['accelerators'])}, cpu platforms {len(hw['cpu_platforms'])}, "
            f"gpu rental rows {len(prices['gpu_rental'])}, api rows {len(prices['llm_api'])}",
            "rental rows without a catalog accelerator: " + "; ".join(unmapped))


# ---------------------------------------------------------------------------------------------------
# [check] — data/ against what data/sources/ produce, as a short list of differences.
# ---------------------------------------------------------------------------------------------------
MAX_DIFFS_PER_FILE = 8


def entry_key(item):
    for key in ("id", "name"):
        if isinstance(item, dict) and isinstance(item.get(key), str):
            return f" ({item[key]})"
    return ""


def json_diffs(have, want, path, out):
    """Appends 'path: data/ has X, the sources give Y' lines, leaves first."""
    if len(out) > MAX_DIFFS_PER_FILE:
        return
    if isinstance(have, dict) and isinstance(want, dict):
        for key in list(want) + [k for k in have if k not in want]:
            sub = f"{path}.{key}" if path else key
            if key not in have:
                out.append(f"{sub}: missing in data/ (the sources give it)")
            elif key not in want:
                out.append(f"{sub}: in data/ but not produced by the sources")
            else:
                json_diffs(have[key], want[key], sub, out)
        return
    if isinstance(have, list) and isinstance(want, list):
        for i in range(max(len(have), len(want))):
            sub = f"{path}[{i}]"
            if i >= len(have):
                out.append(f"{sub}{entry_key(want[i])}: missing in data/ (the sources give it)")
            elif i >= len(want):
                out.append(f"{sub}{entry_key(have[i])}: in data/ but not produced by the sources")
            else:
                json_diffs(have[i], want[i], sub + entry_key(want[i]), out)
        return
    if have != want or type(have) is not type(want):
        show = lambda v: json.dumps(v, ensure_ascii=False)[:80]
        out.append(f"{path}: data/ has {show(have)}, the sources give {show(want)}")


def stale_report(out_dir, outputs):
    """Lines describing how out_dir differs from outputs; empty when it is up to date."""
    lines = []
    for name in OUTPUT_FILES:
        path = os.path.join(out_dir, name)
        if not os.path.exists(path):
            lines.append(f"data/{name}: missing")
            continue
        text = read_text(path)
        if text == outputs[name]:
            continue
        try:
            have = json.loads(text)
        except json.JSONDecodeError as e:
            lines.append(f"data/{name}: not valid JSON (line {e.lineno}): it was edited by hand")
            continue
        diffs = []
        json_diffs(have, json.loads(outputs[name]), "", diffs)
        if not diffs:
            diffs = ["same JSON, different layout (spacing or key order)"]
        lines.append(f"data/{name} differs from what data/sources/{name} produce:")
        lines += [f"  {d}" for d in diffs[:MAX_DIFFS_PER_FILE]]
        if len(diffs) > MAX_DIFFS_PER_FILE:
            lines.append("  ... (more)")
    return lines


def check(sources, out_dir):
    outputs = generate(sources)
    lines = stale_report(out_dir, outputs)
    if lines:
        print("catalog out of date:", file=sys.stderr)
        for line in lines:
            print("  " + line, file=sys.stderr)
        print("Edit data/sources/*.json, not data/*.json, then run /usr/bin/python3 scripts/build_catalog.py "
              "(docs/catalog.md).", file=sys.stderr)
        return 1
    print(f"catalog up to date: data/ is what {os.path.relpath(sources, REPO)} produce")
    return 0


# ---------------------------------------------------------------------------------------------------
# [self-test] — the check catches what it must, working in temporary copies only (data/ is never written).
# ---------------------------------------------------------------------------------------------------
def expect_rejected(sources, edit, file, needles):
    """Edits a copy of data/sources/<file> with `edit`; generate must fail naming every needle."""
    with tempfile.TemporaryDirectory(prefix="catalog-sources-") as tmp:
        copy_dir = os.path.join(tmp, "sources")
        shutil.copytree(sources, copy_dir)
        path = os.path.join(copy_dir, file)
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        edit(doc)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False)
        try:
            generate(copy_dir)
        except CatalogError as e:
            text = "\n".join(e.args[0])
            missing = [n for n in needles if n not in text]
            return [] if not missing else [f"rejection of a bad {file} does not name {missing}: {text}"]
        return [f"a bad {file} was accepted (expected an error naming {needles})"]


def self_test(sources):
    failures = []
    outputs = generate(sources)
    with tempfile.TemporaryDirectory(prefix="catalog-out-") as tmp:
        for name, text in outputs.items():
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
        # 1. A fresh build is up to date.
        if stale_report(tmp, outputs):
            failures.append("a freshly generated catalog is reported stale")
        # 2. One value changed by hand is caught and named.
        hw = json.loads(outputs["hardware.json"])
        hw["accelerators"][0]["memory_gb"] = (hw["accelerators"][0]["memory_gb"] or 0) + 1
        with open(os.path.join(tmp, "hardware.json"), "w", encoding="utf-8") as f:
            f.write(dumped(hw))
        report = "\n".join(stale_report(tmp, outputs))
        if "accelerators[0]" not in report or "memory_gb" not in report:
            failures.append(f"a changed memory_gb is not reported: {report!r}")
        # 3. An entry added to data/ by hand (not to the sources) is caught.
        engines = json.loads(outputs["engines.json"])
        engines["engines"].append(dict(engines["engines"][0], id="hand-added"))
        with open(os.path.join(tmp, "engines.json"), "w", encoding="utf-8") as f:
            f.write(dumped(engines))
        if f"engines[{len(engines['engines']) - 1}]" not in "\n".join(stale_report(tmp, outputs)):
            failures.append("an engine added to data/engines.json by hand is not reported")
        # 4. A missing file is caught.
        os.remove(os.path.join(tmp, "prices.json"))
        if "data/prices.json: missing" not in stale_report(tmp, outputs):
            failures.append("a missing data/prices.json is not reported")

    # 5. Entries without a source are rejected, naming the entry and the field.
    def drop(collection, index, key):
        return lambda doc: doc[collection][index].pop(key)
    failures += expect_rejected(sources, drop("accelerators", 0, "source"), "hardware.json",
                                ["accelerators[0]", "'source'"])
    failures += expect_rejected(sources, drop("gpu_rental", 2, "source"), "prices.json", ["gpu_rental[2]", "'source'"])
    failures += expect_rejected(sources, drop("llm_api", 0, "source"), "prices.json", ["llm_api[0]", "'source'"])
    failures += expect_rejected(sources, lambda d: d["models"][1]["source"].pop("config"), "models.json",
                                ["models[1]", "'source.config'"])
    failures += expect_rejected(sources, drop("engines", 3, "source"), "engines.json", ["engines[3]", "'source'"])
    failures += expect_rejected(sources, drop("weight_formats", 0, "source"), "formats.json",
                                ["weight_formats[0]", "'source'"])
    # 6. Hardware notes the page shows need both languages: a plain string or a missing side is rejected.
    def set_notes(collection, index, value):
        return lambda doc: doc[collection][index].__setitem__("notes", value)
    failures += expect_rejected(sources, set_notes("accelerators", 0, "English only"), "hardware.json",
                                ["accelerators[0]", "'notes'", "\"zh\""])
    failures += expect_rejected(sources, set_notes("cpu_platforms", 0, {"en": "English only"}), "hardware.json",
                                ["cpu_platforms[0]", "'notes'"])
    failures += expect_rejected(sources, lambda d: d["cpu_platforms"][1]["product_line_table"].__setitem__(
        "notes", {"zh": "", "en": "text"}), "hardware.json", ["cpu_platforms[1]", "'product_line_table.notes'"])
    # 7. A format citing a section its document lacks (renamed, or a typo) is rejected; the built formats name
    #    the docs they cite by title, never by path.
    failures += expect_rejected(sources, lambda d: d["weight_formats"][1].__setitem__(
        "source", "docs/references/peers-and-formulas.md §9.9 (no such section)"), "formats.json",
        ["weight_formats[1]", "§9.9"])
    # 7b. Cards per server: unsourced, or not a whole number from 1 to 72, is rejected.
    failures += expect_rejected(sources, lambda d: d["accelerators"][0].__setitem__("cards_per_node", 4),
                                "hardware.json", ["accelerators[0]", "cards_per_node", "covers"])
    failures += expect_rejected(sources, lambda d: d["accelerators"][0].__setitem__("cards_per_node", 0),
                                "hardware.json", ["accelerators[0]", "cards_per_node", "1 to 72"])
    # 7c. An engine's formats_not_estimated: an unknown scheme, or a reason in one language only, is rejected.
    failures += expect_rejected(sources, lambda d: d["engines"][0]["formats_not_estimated"][0].__setitem__("scheme", "ggml"),
                                "engines.json", ["engines[0]", "formats_not_estimated[0]", "scheme"])
    failures += expect_rejected(sources, lambda d: d["engines"][0]["formats_not_estimated"][0].__setitem__(
        "why", {"en": "English only"}), "engines.json", ["formats_not_estimated[0]", "'why'"])
    built_formats = json.loads(outputs["formats.json"])
    labels = [f.get("source_label") for c in ("weight_formats", "kv_formats") for f in built_formats[c]
              if DOC_PATH.search(f.get("source", ""))]
    if not labels or any(not l or DOC_PATH.search(l["zh"] + l["en"]) for l in labels):
        failures.append("a format citing docs/ has no source_label, or its label still shows a path")
    # 7d. A model's trust_remote_code: anything but true, or true without its source, is rejected by name.
    def kimi(edit):
        def apply(doc):
            edit(next(m for m in doc["models"] if m.get("trust_remote_code")))
        return apply
    failures += expect_rejected(sources, kimi(lambda m: m.__setitem__("trust_remote_code", "yes")), "models.json",
                                ["trust_remote_code", "must be true"])
    failures += expect_rejected(sources, kimi(lambda m: m.pop("trust_remote_code_source")), "models.json",
                                ["trust_remote_code_source", "needs a source"])
    # 7e. A model's published_weights without its source is rejected by name.
    def published(edit):
        def apply(doc):
            edit(next(m for m in doc["models"] if m.get("published_weights")))
        return apply
    failures += expect_rejected(sources, published(lambda m: m.pop("published_weights_source")), "models.json",
                                ["published_weights_source", "needs a source"])
    failures += expect_rejected(sources, published(lambda m: m.__setitem__("published_weights", 8)), "models.json",
                                ["published_weights", "must be a weight format id"])
    # 8. A card added to the sources reaches data/hardware.json (the documented way survives a rebuild).
    with tempfile.TemporaryDirectory(prefix="catalog-sources-") as tmp:
        copy_dir = os.path.join(tmp, "sources")
        shutil.copytree(sources, copy_dir)
        path = os.path.join(copy_dir, "hardware.json")
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        card = copy.deepcopy(doc["accelerators"][0])
        card["id"] = "self-test-card"
        doc["accelerators"].append(card)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False)
        built = json.loads(generate(copy_dir)["hardware.json"])
        if built["accelerators"][-1]["id"] != "self-test-card":
            failures.append("a card added to data/sources/hardware.json is not in the built hardware.json")

    for f in failures:
        print("self-test FAILED: " + f, file=sys.stderr)
    if not failures:
        print("self-test passed: fresh build up to date; changed value, hand-added entry and missing file reported; "
              "entries without a source, hardware notes without both languages and a cited section that does not exist "
              "rejected by name; formats name the docs they cite by title; trust_remote_code without true or a source and published_weights without a source rejected; "
              "a card added to the sources is built")
    return 1 if failures else 0


# ---------------------------------------------------------------------------------------------------
# [main]
# ---------------------------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sources", default=DEFAULT_SOURCES, help="the sourced inputs (default: data/sources)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="the generated catalog (default: data)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="write nothing; exit 1 with a summary if --out differs from what --sources produce")
    mode.add_argument("--self-test", action="store_true",
                      help="show that --check reports a stale copy and that unsourced entries are rejected "
                           "(temporary copies only)")
    args = ap.parse_args()
    try:
        if args.self_test:
            return self_test(args.sources)
        if args.check:
            return check(args.sources, args.out)
        outputs = generate(args.sources)
        os.makedirs(args.out, exist_ok=True)
        for name, text in outputs.items():
            with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
                f.write(text)
        counts, unmapped = summary(outputs)
        print(counts)
        print(unmapped, file=sys.stderr)
        return 0
    except CatalogError as e:
        print("catalog sources rejected:", file=sys.stderr)
        for line in e.args[0]:
            print("  " + line, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
