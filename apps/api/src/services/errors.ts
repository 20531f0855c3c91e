/**
 * What the rules refuse, said without HTTP: services and handlers throw these, and the server
 * turns them into answers in one place (`http/errors.ts`, `httpErrorOf`). The message is the
 * answer's `detail`, so it is written for the caller.
 */
export abstract class DomainError extends Error {}

/** The thing does not exist, or the caller may not know that it does. */
export class NotFound extends DomainError {}

/** The caller may not do this (a limit, or asking for someone else's data). */
export class Forbidden extends DomainError {}

/** The request collides with the current state (a slot taken, a result already reported). */
export class Conflict extends DomainError {}

/** The thing existed but is over: nothing more will come of it. */
export class Gone extends DomainError {}

/** A request the rules refuse as a whole (wrong password, a spent link, a checkout not paid). */
export class Rejected extends DomainError {}

/** One field of the request breaks a rule its schema cannot express. */
export class Invalid extends DomainError {
  readonly field: readonly (string | number)[];
  readonly type: string;

  constructor(field: readonly (string | number)[], message: string, type = 'value_error') {
    super(message);
    this.field = field;
    this.type = type;
  }
}

/** Asked again too soon; `retryAfterS` says when it will work. */
export class TooSoon extends DomainError {
  readonly retryAfterS: number;

  constructor(retryAfterS: number, message: string) {
    super(message);
    this.retryAfterS = retryAfterS;
  }
}

/** Something this server depends on (the database, Google) cannot be reached now. */
export class Unavailable extends DomainError {}

/** A payment provider or other outside service answered badly or not at all. */
export class UpstreamFailed extends DomainError {}

/** Our own machinery (the tuner) failed; the message says what the caller can be told. */
export class Failed extends DomainError {}

export const notFound = (what: string) => new NotFound(`${what} not found`);
