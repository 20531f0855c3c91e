// The request shape every dataset produces and the client sends: a module of its own, so that the
// dataset readers (datasets.ts, trace.ts) can share it without importing each other.

/** One request to send: the prompt (and, for shared-prefix chat, the shared system message). */
export interface BenchRequest {
  prompt: string;
  /** Sent as the system message to chat endpoints; prepended to the prompt for completions. */
  system?: string;
  /** Prompt length by the dataset's own count (tokenizer or estimate); usage fields override it. */
  promptTokens: number;
  /** The max_tokens to ask for. */
  outputTokens: number;
  /** trace: when the request is due, in ms after the start at time scale 1. */
  atMs?: number;
  /** Earlier turns of the conversation, sent before the prompt to chat endpoints. */
  history?: readonly { role: 'user' | 'assistant'; content: string }[];
  /** multi-turn: the conversation's user turns, sent one after another (the first is this request's prompt). */
  turns?: readonly Turn[];
}

/** One user turn of a multi-turn conversation. */
export interface Turn {
  prompt: string;
  promptTokens: number;
  outputTokens: number;
}
