import { readFile } from 'fs/promises';
import { join } from 'path';

export type TemplateValues = Record<string, unknown>;

export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SECTION = /\{\{#(\w+)\}\}\n?([\s\S]*?)\{\{\/\1\}\}\n?/g;
const VALUE = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills a template: `{{name}}` is the value (HTML-escaped when `html`), `{{#list}}...{{/list}}`
 * repeats its content for each entry of the list with the entry's fields. No code runs.
 */
export function renderTemplate(template: string, values: TemplateValues, html: boolean): string {
  const withSections = template.replace(SECTION, (_all, name: string, body: string) => {
    const list = values[name];
    return Array.isArray(list) ? list.map((entry) => renderTemplate(body, { ...values, ...(entry as TemplateValues) }, html)).join('') : '';
  });
  return withSections.replace(VALUE, (_all, name: string) => {
    const value = values[name];
    const text = value === null || value === undefined ? '' : String(value);
    return html ? escapeHtml(text) : text;
  });
}

/**
 * The templates of a mail: the shop's folder first (MAIL_TEMPLATES_DIR), then the ones
 * shipped in `templates/mail`, file by file.
 */
export class MailTemplates {
  constructor(private readonly folders: string[]) {}

  private async read(file: string): Promise<string | undefined> {
    for (const folder of this.folders) {
      try {
        return await readFile(join(folder, file), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return undefined;
  }

  async render(name: string, values: TemplateValues): Promise<RenderedMail> {
    const [subject, text, html] = await Promise.all([this.read(`${name}.subject.txt`), this.read(`${name}.txt`), this.read(`${name}.html`)]);
    if (subject === undefined || text === undefined) throw new Error(`mail template ${name} is missing (${name}.subject.txt and ${name}.txt)`);
    return {
      subject: renderTemplate(subject, values, false).trim(),
      text: renderTemplate(text, values, false),
      ...(html !== undefined ? { html: renderTemplate(html, values, true) } : {}),
    };
  }
}
