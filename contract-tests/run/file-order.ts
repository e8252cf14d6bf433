/**
 * The order of the suite files: by name, always. Vitest's default sequencer orders them by
 * the durations of earlier runs, so one run could see pets another had not created yet;
 * a fixed order makes a seed replay the same run.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Sorts the suite files by path. */
export class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
