/**
 * Prometheus's text format (0.0.4) read strictly, as a scraper would: every line is a `# HELP`, a
 * `# TYPE` or a sample (`name{label="value",…} number`); anything else throws, naming the line.
 */
const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|\\+?Inf|NaN))(?: -?[0-9]+)?$`, 'i');
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Each family's declared type, by name. */
  types: Map<string, string>;
  samples: Sample[];
  /** The sum of the samples named `name` whose labels include `labels`. */
  sum(name: string, labels?: Record<string, string>): number;
}

export function parsePrometheus(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const type = TYPE.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (HELP.test(line)) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`line ${index + 1} is not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    const raw = sample[3];
    samples.push({ name: sample[1], labels, value: /inf/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw) });
  }
  const sum = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((total, s) => total + s.value, 0);
  return { types, samples, sum };
}
