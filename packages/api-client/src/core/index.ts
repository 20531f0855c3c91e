// The API client without a browser or React: one endpoint call through a transport the caller
// gives (base URL, token, fetch), and the error catalogue of SPEC §8. The web app's `call` and the
// runner's MakoApi both sit on it.
export { sendCall, type CallDef, type CallResult, type CoreCallOptions, type Transport } from './call.ts';
export * from './errors.ts';
