/**
 * An answer that is already JSON (spliced from stored answers), sent as it is instead of being
 * serialised again; bytes go to the socket without a text round trip. `T` is the value the JSON
 * encodes, so handlers stay typed by the contract.
 */
export class JsonText<T> {
  declare readonly encodes?: T;
  constructor(readonly body: Buffer | string) {}
}
