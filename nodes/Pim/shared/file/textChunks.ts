/**
 * Text written out in chunks of bytes: a writer adds its lines, and takes a chunk once enough is
 * in hand, so that what it holds is a chunk, never the file.
 */

/** Characters held before they are encoded and handed on. */
const CHUNK_CHARS = 64 * 1024;

export class TextChunks {
	private parts: string[] = [];
	private length = 0;

	add(text: string): void {
		this.parts.push(text);
		this.length += text.length;
	}

	/** The text in hand as UTF-8, when there is at least a chunk of it (or any, with `all`). */
	take(all = false): Buffer | undefined {
		if (this.length === 0 || (!all && this.length < CHUNK_CHARS)) return undefined;
		const bytes = Buffer.from(this.parts.join(''), 'utf8');
		this.parts = [];
		this.length = 0;
		return bytes;
	}
}
