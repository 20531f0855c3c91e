"""Optuna TPE as a baseline for bench/compare.ts: an ask/tell loop over JSON lines.

stdin, first line: {"seed": int, "parameters": [...], "enqueue": [config, ...]}
  parameters use the tuner's shapes (int/float with low, high, step, log; categorical; bool;
  an optional "when": {"param", "equals"}), in dependency order.
then, per trial: the script writes {"config": {...}} and reads {"value": number}.
Bench-only: the product never runs Python.
"""

import json
import sys

try:
    import optuna
except ImportError:
    print(json.dumps({"error": "optuna is not installed (apt-get install -y python3-optuna)"}), flush=True)
    sys.exit(3)

optuna.logging.set_verbosity(optuna.logging.WARNING)


def suggest(trial, parameters):
    config = {}
    for p in parameters:
        when = p.get("when")
        if when and config.get(when["param"]) != when["equals"]:
            continue
        name = p["name"]
        kind = p["kind"]
        if kind == "bool":
            config[name] = trial.suggest_categorical(name, [False, True])
        elif kind == "categorical":
            config[name] = trial.suggest_categorical(name, p["choices"])
        elif kind == "int":
            if p.get("log"):
                config[name] = trial.suggest_int(name, p["low"], p["high"], log=True)
            else:
                config[name] = trial.suggest_int(name, p["low"], p["high"], step=p.get("step", 1))
        else:
            if p.get("log"):
                config[name] = trial.suggest_float(name, p["low"], p["high"], log=True)
            else:
                config[name] = trial.suggest_float(name, p["low"], p["high"], step=p.get("step"))
    return config


def serve(study, spec, tell):
    """Measures spec's "enqueue" configurations first, then proposes and is told each result
    (tell(trial, message)) until stdin ends. bench/pareto.py serves its studies with it too."""
    for config in spec.get("enqueue", []):
        study.enqueue_trial(config)
    print(json.dumps({"ready": optuna.__version__}), flush=True)
    while True:
        trial = study.ask()
        print(json.dumps({"config": suggest(trial, spec["parameters"])}), flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        tell(trial, json.loads(line))


def main():
    spec = json.loads(sys.stdin.readline())
    sampler = optuna.samplers.TPESampler(seed=spec["seed"])
    study = optuna.create_study(direction="maximize", sampler=sampler)
    serve(study, spec, lambda trial, told: study.tell(trial, float(told["value"])))


if __name__ == "__main__":
    main()
