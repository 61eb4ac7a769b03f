import { describe, expect, it } from 'vitest';
import { parsePrometheusText, valueOf } from './prometheus-text.ts';

const GOOD = `# HELP reqs_total Requests.
# TYPE reqs_total counter
reqs_total{route="/api/x",status="200"} 3
reqs_total{route="a\\"b\\\\c\\nd",status="404"} 1
# HELP lag_seconds Lag.
# TYPE lag_seconds histogram
lag_seconds_bucket{le="0.1"} 1
lag_seconds_bucket{le="1"} 2
lag_seconds_bucket{le="+Inf"} 2
lag_seconds_sum 0.55
lag_seconds_count 2
# TYPE up gauge
up 1 1700000000000
# TYPE odd gauge
odd{k="nan"} Nan
odd{k="inf"} +inf
`;

describe('the strict exposition reader the scrape tests use', () => {
  it('reads families, escaped label values, histograms and timestamps', () => {
    const f = parsePrometheusText(GOOD);
    expect(f.get('reqs_total')?.type).toBe('counter');
    expect(valueOf(f, 'reqs_total', { route: '/api/x', status: '200' })).toBe(3);
    expect(valueOf(f, 'reqs_total', { route: 'a"b\\c\nd', status: '404' })).toBe(1);
    expect(valueOf(f, 'lag_seconds_count')).toBe(2);
    expect(valueOf(f, 'lag_seconds_bucket', { le: '+Inf' })).toBe(2);
    expect(valueOf(f, 'up')).toBe(1);
    // Go's ParseFloat, which Prometheus reads values with, takes its special values in any case.
    expect(valueOf(f, 'odd', { k: 'nan' })).toBeNaN();
    expect(valueOf(f, 'odd', { k: 'inf' })).toBe(Number.POSITIVE_INFINITY);
  });

  it.each([
    ['a sample with no TYPE or HELP', 'stray 1\n'],
    ['a missing final newline', '# TYPE up gauge\nup 1'],
    ['an unquoted label', '# TYPE up gauge\nup{a=b} 1\n'],
    ['a bad escape', '# TYPE up gauge\nup{a="\\x"} 1\n'],
    ['a bad value', '# TYPE up gauge\nup one\n'],
    ['a value Go would not read', '# TYPE up gauge\nup nanx\n'],
    ['the same series twice', '# TYPE up gauge\nup{a="1"} 1\nup{a="1"} 2\n'],
    ['a negative counter', '# TYPE c_total counter\nc_total -1\n'],
    ['buckets that fall', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n'],
    ['no +Inf bucket', '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n'],
    ['+Inf unlike _count', '# TYPE h histogram\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 2\n'],
    ['an unknown type', '# TYPE up meter\n'],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
