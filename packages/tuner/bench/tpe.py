"""Optuna TPE as a baseline for bench/compare.ts: an ask/tell loop over JSON lines.

stdin, first line: {"seed": int, "sampler": "tpe" | "default", "parameters": [...], "enqueue": [config, ...]}
  parameters use the tuner's shapes (int/float with low, high, step, log; categorical; bool;
  an optional "when": {"param", "equals"}), in dependency order.
then, per trial: the script writes {"config": {...}} and reads {"value": number, "violation": number}
(violation > 0: a constraint was broken, by that share of its bound) or {"fail": true}.
Samplers, as they are used: "tpe" is TPESampler(multivariate=True, constant_liar=True) with the
constraint told through constraints_func; "default" is what create_study picks given no sampler
(TPESampler in Optuna 3.1), seeded, told a broken constraint as a failure since it cannot take one.
Failed runs are TrialState.FAIL for both.
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


def violation(frozen):
    return [frozen.user_attrs.get("violation", 0.0)]


def main():
    spec = json.loads(sys.stdin.readline())
    multivariate = spec.get("sampler", "tpe") == "tpe"
    if multivariate:
        sampler = optuna.samplers.TPESampler(
            seed=spec["seed"], multivariate=True, constant_liar=True, constraints_func=violation
        )
    else:
        sampler = optuna.samplers.TPESampler(seed=spec["seed"])
    study = optuna.create_study(direction="maximize", sampler=sampler)

    def tell(trial, told):
        if told.get("fail") or (not multivariate and told.get("violation", 0) > 0):
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
            return
        trial.set_user_attr("violation", float(told.get("violation", 0)))
        study.tell(trial, float(told["value"]))

    serve(study, spec, tell)


if __name__ == "__main__":
    main()
