"""Optuna's multi-objective samplers as baselines for bench/pareto.ts: an ask/tell loop over JSON lines.

stdin, first line: {"seed": int, "sampler": "nsga2" | "tpe", "population": int,
  "directions": ["maximize", ...], "parameters": [...], "enqueue": [config, ...]}
  parameters use the tuner's shapes, as in bench/tpe.py.
then, per trial: the script writes {"config": {...}} and reads {"values": [number, ...]} or
{"failed": true} (a crash, an OOM: the trial is told FAIL, so neither sampler learns from it).
Bench-only: the product never runs Python.
"""

import json
import sys

# tpe.py checks that optuna is installed (and quietens its logging) on import.
from tpe import optuna, serve
from optuna.trial import TrialState


def main():
    spec = json.loads(sys.stdin.readline())
    if spec["sampler"] == "nsga2":
        sampler = optuna.samplers.NSGAIISampler(seed=spec["seed"], population_size=spec["population"])
    else:
        # Optuna 3.x's TPE is multi-objective (MOTPE) when the study has several directions.
        sampler = optuna.samplers.TPESampler(seed=spec["seed"])
    study = optuna.create_study(directions=spec["directions"], sampler=sampler)

    def tell(trial, told):
        if told.get("failed"):
            study.tell(trial, state=TrialState.FAIL)
        else:
            study.tell(trial, [float(v) for v in told["values"]])

    serve(study, spec, tell)


main()
