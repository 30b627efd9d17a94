import { useMutation } from '@tanstack/react-query';
import { cue } from '../feedback';

/**
 * A scan task's online step (save a line, complete the task): heard at once — the accepted cue
 * with `say(answer)`, or the refused one (the API layer shows the server's message) — then `then`.
 */
export function useScanAction<Input = void, Answer = unknown>({ run, say, then }: {
  run(input: Input): Promise<Answer>;
  say(answer: Answer): string;
  then?(answer: Answer): unknown;
}) {
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      cue('scan.accepted', { say: say(answer) });
      await then?.(answer);
    },
    onError: () => cue('scan.refused'),
  });
}
