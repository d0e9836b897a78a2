import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, headingText, links, repositoryFiles, root, slug } from './markdown.js';

// Every relative link of the user documentation resolves in a checkout: the file it names exists,
// and an `#anchor` names a heading of that page (GitHub's slug) or an HTML anchor in it.
const pages = repositoryFiles().filter(
  (f) => ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md'].includes(f) || (f.startsWith('docs/') && f.endsWith('.md')),
);

/** The problems of one page's links, one line each: `file:line target: why`. */
function brokenLinks(file: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const { line, target } of links(markdown)) {
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const path = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? file : normalize(join(dirname(file), path.split('?')[0]!));
    const where = `${file}:${line} ${target}`;
    if (resolved.startsWith('..')) {
      problems.push(`${where}: leaves the repository`);
      continue;
    }
    const absolute = join(root, resolved);
    if (!existsSync(absolute)) {
      problems.push(`${where}: ${resolved} does not exist`);
      continue;
    }
    if (anchor === null || anchor === '') continue;
    if (statSync(absolute).isDirectory() || !resolved.endsWith('.md')) {
      problems.push(`${where}: an anchor into something that is not a Markdown page`);
      continue;
    }
    const text = resolved === file ? markdown : readFileSync(absolute, 'utf8');
    if (!anchors(text).has(anchor)) problems.push(`${where}: no heading of ${relative('.', resolved)} has the anchor #${anchor}`);
  }
  return problems;
}

describe('documentation links', () => {
  it('finds the pages to check', () => {
    expect(pages).toContain('README.md');
    expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it.each(pages)('%s: every relative link and anchor resolves', (file) => {
    expect(brokenLinks(file, readFileSync(join(root, file), 'utf8')).join('\n')).toBe('');
  });

  it('reports a missing file, a missing anchor and a link out of the repository', () => {
    const page = ['# Title', '', 'See [gone](docs/nowhere.md), [here](#no-such-heading), [out](../shared/spec/x.md).'].join('\n');
    expect(brokenLinks('README.md', page)).toEqual([
      'README.md:3 docs/nowhere.md: docs/nowhere.md does not exist',
      'README.md:3 #no-such-heading: no heading of README.md has the anchor #no-such-heading',
      'README.md:3 ../shared/spec/x.md: leaves the repository',
    ]);
  });

  it('ignores links inside code and resolves headings by GitHub slugs', () => {
    const page = [
      '# The `SVC_DB` setting',
      '## Calls and the telephony boundary',
      '## Calls and the telephony boundary',
      '### `POST {server}/telephony/events`',
      '```sh',
      '[not a link](#nowhere)',
      '```',
      'In code: `[x](#nowhere)`. [a](#the-svc_db-setting) [b](#calls-and-the-telephony-boundary-1) [c](#post-servertelephonyevents)',
    ].join('\n');
    expect(brokenLinks('README.md', page)).toEqual([]);
    expect(slug(headingText('REST API v1: **sessions**, _paging_ and `limit_max`'))).toBe('rest-api-v1-sessions-paging-and-limit_max');
  });
});
