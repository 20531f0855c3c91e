/** A valid setting as a runner posts it (one H100, vLLM, 100 random prompts), for the tests of what a benchmark carries beside it. */
export const postedSetting = {
  ml_model_name: 'm',
  hardware_config: { name: 'H100', count: 1 },
  software: { runtime: 'vllm', version: '0.11.0' },
  workload: {
    dataset: 'random',
    num_requests: 100,
    request_rate: 10,
    max_seq_length: 2048,
    output_len: 200,
    min_prompt: 500,
    max_prompt: 500,
    min_output: 200,
    max_output: 200,
  },
};
