import type { TUseCase } from '@catalyst/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Snippet } from '../../src/features/documents/format';
import { checkFiles, limitsFor } from '../../src/features/documents/upload-zone';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);
const useCase = (configurations: Record<string, unknown>) =>
  ({ use_case_id: 1, use_case_name: 'Care', configurations }) as unknown as TUseCase;

describe('upload limits', () => {
  it('takes every format up to 100 MB outside a use case, and the use case Document tool inside one', () => {
    expect(limitsFor(undefined)).toEqual({ formats: ['pdf', 'docx', 'xlsx', 'txt', 'csv'], maxMb: 100 });
    expect(limitsFor(useCase({}))).toEqual({ formats: ['pdf', 'docx'], maxMb: 10 });
    expect(limitsFor(useCase({ document: { allowedFormats: ['txt'], maxFileSize: 2 } }))).toEqual({
      formats: ['txt'],
      maxMb: 2,
    });
    // A broken saved configuration falls back to the defaults.
    expect(limitsFor(useCase({ document: { allowedFormats: ['exe'], maxFileSize: 'big' } }))).toEqual({
      formats: ['pdf', 'docx'],
      maxMb: 10,
    });
  });

  it('refuses wrong formats, oversized and empty files before uploading, with a reason each', () => {
    const { accepted, refused } = checkFiles(
      [file('a.PDF', 10), file('b.exe', 10), file('c.docx', 3 * 1024 * 1024), file('d.pdf', 0)],
      { formats: ['pdf', 'docx'], maxMb: 2 },
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.PDF']);
    expect(refused).toEqual([
      '"b.exe" is not an allowed format (PDF, DOCX).',
      '"c.docx" is larger than 2 MB.',
      '"d.pdf" is empty.',
    ]);
  });
});

describe('search snippets', () => {
  it('marks the matching words the server delimited', () => {
    const { container } = render(<Snippet text={'a full \u0002refund\u0003 within \u000245\u0003 days'} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['refund', '45']);
    expect(container.textContent).toBe('a full refund within 45 days');
  });
});
