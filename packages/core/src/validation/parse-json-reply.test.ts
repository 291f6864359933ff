import { describe, expect, it } from 'vitest';
import { parseJsonReply } from './parse-json-reply';

describe('parseJsonReply', () => {
  it('parses JSON, tolerating one surrounding markdown fence', () => {
    expect(parseJsonReply('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonReply('```json\n{"a": [1, 2]}\n```\n')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonReply('```\n"x"\n```')).toEqual({ ok: true, value: 'x' });
  });

  it('refuses nesting deeper than 512 levels, brackets inside strings not counted', () => {
    const deep = `${'['.repeat(513)}1${']'.repeat(513)}`;
    const refused = parseJsonReply(deep);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.issue.message).toContain('nesting deeper than 512 levels');
    const atLimit = `${'['.repeat(512)}1${']'.repeat(512)}`;
    expect(parseJsonReply(atLimit).ok).toBe(true);
    const quoted = JSON.stringify({ text: `${'[{'.repeat(600)}\\"` });
    expect(parseJsonReply(quoted)).toEqual({ ok: true, value: JSON.parse(quoted) });
  });

  it('turns a syntax error into a parse issue naming the position', () => {
    expect(parseJsonReply('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}')).toMatchInlineSnapshot(`
      {
        "issue": {
          "code": "invalid_json",
          "message": "The reply is not valid JSON: expected ',' or '}' but found a double quote at line 4, column 3",
          "path": "",
          "received": ""{\\n  \\"a\\": 1,\\n  \\"b\\": 2\\n  \\"c\\": 3\\n}"",
          "source": "parse",
        },
        "ok": false,
      }
    `);
    expect(parseJsonReply('{"a": "unterminated')).toMatchInlineSnapshot(`
      {
        "issue": {
          "code": "invalid_json",
          "message": "The reply is not valid JSON: unterminated string at line 1, column 20",
          "path": "",
          "received": ""{\\"a\\": \\"unterminated"",
          "source": "parse",
        },
        "ok": false,
      }
    `);
    expect(parseJsonReply('{"a": 1} trailing')).toMatchInlineSnapshot(`
      {
        "issue": {
          "code": "invalid_json",
          "message": "The reply is not valid JSON: unexpected text after the JSON value: 't' at line 1, column 10",
          "path": "",
          "received": ""{\\"a\\": 1} trailing"",
          "source": "parse",
        },
        "ok": false,
      }
    `);
    expect(parseJsonReply("{'a': 1}")).toMatchInlineSnapshot(`
      {
        "issue": {
          "code": "invalid_json",
          "message": "The reply is not valid JSON: expected a property name in double quotes but found a single quote at line 1, column 2",
          "path": "",
          "received": ""{'a': 1}"",
          "source": "parse",
        },
        "ok": false,
      }
    `);
  });

  it('reports an empty reply', () => {
    expect(parseJsonReply('  \n')).toMatchObject({
      ok: false,
      issue: { source: 'parse', code: 'empty_reply' },
    });
  });

  it('never throws, even for absurdly deep nesting', () => {
    const result = parseJsonReply('['.repeat(100_000));
    expect(result).toMatchObject({ ok: false, issue: { code: 'invalid_json' } });
    expect(result.ok ? '' : result.issue.message).toContain('nesting deeper than 512 levels');
  });

  it('agrees with JSON.parse on what is valid', () => {
    const samples = [
      '1',
      '-0.5e+3',
      '"\\u00e9\\n"',
      '[]',
      '{}',
      ' [1, {"a": null, "b": true}] ',
      '01',
      '1.',
      '"\t"',
      '[1,]',
      'nul',
    ];
    for (const sample of samples) {
      let valid = true;
      try {
        JSON.parse(sample);
      } catch {
        valid = false;
      }
      expect(parseJsonReply(sample).ok, sample).toBe(valid);
    }
  });
});
