/**
 * Where the search stands, as the runners' next-configs call would be answered: 'waiting' is the
 * 409 ('Need to wait for pending evaluations'), 'complete' the 410 ('Tuning search is complete').
 */
export type TuningSearchState = 'running' | 'waiting' | 'complete';

export type CopiedItem = 'launch-command' | 'options' | 'runner-command';
