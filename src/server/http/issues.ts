/** zod issues as sentences for replies: "must be at most 500", "email is required.". */
import type { z } from 'zod';

/**
 * zod's own default messages ("Invalid input: …", "Invalid email address", "Too big: …"); anything
 * else was written in the schema and is kept, including schema sentences that start with "Invalid"
 * and carry a period or a colon of their own (the checkout's 'Invalid email address.' and
 * 'Invalid cart data: …').
 */
const DEFAULT_MESSAGE = /^(Invalid( input| option| string:| number:| key| element|[^.:]*$)|Too (big|small)|Unrecognized|Expected|expected)/;

/** A human sentence for one zod issue, without the field name: "must be at most 500". */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return issue.inclusive === false ? `must be below ${String(issue.maximum)}` : `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'is required';
      return issue.inclusive === false ? `must be above ${String(issue.minimum)}` : `must be at least ${String(issue.minimum)}`;
    case 'invalid_type':
      if (issue.expected === 'int') return 'must be a whole number';
      if (/received undefined/.test(issue.message)) return 'is required';
      return issue.expected === 'number' ? 'must be a number' : `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`;
    case 'invalid_value':
      if (issue.values.length === 1) return `must be ${String(issue.values[0])}`;
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'datetime' ? 'must be an ISO date-time such as 2024-05-01T10:00:00Z' : `must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** A sentence for one zod issue about `field`: the schema's own sentence, or "{field} {rule}.". */
export function fieldSentence(field: string, issue: z.core.$ZodIssue): string {
  const text = describeIssue(issue);
  return text === issue.message && !DEFAULT_MESSAGE.test(text) ? text : `${field} ${text}.`;
}

/**
 * A map from client-chosen names to text, with no prototype: a parameter or field called
 * 'valueOf' or 'constructor' is an entry like any other, not an inherited function.
 */
export const fieldMap = (): Record<string, string> => Object.create(null) as Record<string, string>;
