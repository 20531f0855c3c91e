import { readFileSync } from 'node:fs';

/** The text of --dataset-path, or an error of the caller's class naming the path and why it could not be read. */
export function readDatasetFile(path: string, DatasetFileError: new (message: string) => Error): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new DatasetFileError(
      `Cannot read --dataset-path ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}
