import { notify } from './notify.ts';

/** The screens' copy fields write to the clipboard themselves and report it here. */
export function announceCopied(): void {
  notify.success('Copied to the clipboard');
}
