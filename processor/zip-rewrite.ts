import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * Rewrites some entries of a ZIP archive (an OOXML or ODF document) and copies the others'
 * compressed bytes as they were, so a deck's media are never inflated in the processor.
 * Only stored and deflated entries are looked at; ZIP64 archives are refused (a deck is at most
 * 200 MB, far from the 4 GiB that needs ZIP64).
 */

export class UnreadableZipError extends Error {
  constructor(reason: string) {
    super(`unreadable ZIP archive: ${reason}`);
    this.name = "UnreadableZipError";
  }
}

/** An entry whose content is this large when inflated is refused rather than rewritten. */
const MAX_REWRITTEN_ENTRY_BYTES = 64 * 1024 * 1024;
/** Compressed bytes inflated to see how an entry's content starts. */
const HEAD_COMPRESSED_BYTES = 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const ZIP64_MARK = 0xffffffff;

export interface ZipEntry {
  name: string;
  /** The first bytes of the entry's content (fewer for a short entry). */
  head: Buffer;
}

/**
 * `transform` is asked, for each entry, whether to rewrite it: `wants(entry)` sees the name and
 * the content's first bytes; `rewrite(name, content)` then gets the whole content and answers
 * the new one. Answers the new archive.
 */
export function rewriteZip(
  archive: Buffer,
  transform: { wants(entry: ZipEntry): boolean; rewrite(name: string, content: Buffer): Buffer },
): Buffer {
  const end = findEndOfCentralDirectory(archive);
  const count = archive.readUInt16LE(end + 10);
  const directoryOffset = archive.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === ZIP64_MARK) throw new UnreadableZipError("ZIP64");
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let written = 0;
  let cursor = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(cursor) !== CENTRAL_ENTRY) throw new UnreadableZipError("bad central directory");
    const flags = archive.readUInt16LE(cursor + 8);
    const method = archive.readUInt16LE(cursor + 10);
    const compressedSize = archive.readUInt32LE(cursor + 20);
    const size = archive.readUInt32LE(cursor + 24);
    const nameLength = archive.readUInt16LE(cursor + 28);
    const centralLength = 46 + nameLength + archive.readUInt16LE(cursor + 30) + archive.readUInt16LE(cursor + 32);
    const localOffset = archive.readUInt32LE(cursor + 42);
    if ([compressedSize, size, localOffset].includes(ZIP64_MARK)) throw new UnreadableZipError("ZIP64");
    const central = Buffer.from(archive.subarray(cursor, cursor + centralLength));
    const nameBytes = central.subarray(46, 46 + nameLength);
    cursor += centralLength;

    if (archive.readUInt32LE(localOffset) !== LOCAL_ENTRY) throw new UnreadableZipError("bad local header");
    const dataStart =
      localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    let data = archive.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) throw new UnreadableZipError("truncated entry");
    let outMethod = method;
    let crc = central.readUInt32LE(16);
    let outSize = size;

    const readable = !(flags & FLAG_ENCRYPTED) && (method === STORED || method === DEFLATED);
    const name = nameBytes.toString("utf8");
    if (readable && transform.wants({ name, head: entryHead(data, method) })) {
      const content = method === STORED ? data : inflateEntry(data);
      const rewritten = transform.rewrite(name, content);
      if (!rewritten.equals(content)) {
        data = deflateRawSync(rewritten);
        outMethod = DEFLATED;
        crc = crc32(rewritten);
        outSize = rewritten.length;
      }
    }

    // The local header is written anew (no extra field, sizes known, so no data descriptor).
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_ENTRY, 0);
    local.writeUInt16LE(central.readUInt16LE(6), 4);
    local.writeUInt16LE(flags & ~FLAG_DATA_DESCRIPTOR, 6);
    local.writeUInt16LE(outMethod, 8);
    local.writeUInt32LE(central.readUInt32LE(12), 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(outSize, 22);
    local.writeUInt16LE(nameLength, 26);
    locals.push(local, nameBytes, data);

    central.writeUInt16LE(flags & ~FLAG_DATA_DESCRIPTOR, 8);
    central.writeUInt16LE(outMethod, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(outSize, 24);
    central.writeUInt32LE(written, 42);
    centrals.push(central);
    written += 30 + nameLength + data.length;
  }
  const directory = Buffer.concat(centrals);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  endRecord.writeUInt16LE(count, 8);
  endRecord.writeUInt16LE(count, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  endRecord.writeUInt32LE(written, 16);
  return Buffer.concat([...locals, directory, endRecord]);
}

function findEndOfCentralDirectory(archive: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65,535.
  const earliest = Math.max(0, archive.length - 22 - 0xffff);
  for (let offset = archive.length - 22; offset >= earliest; offset--) {
    if (archive.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new UnreadableZipError("no end of central directory");
}

function entryHead(data: Buffer, method: number): Buffer {
  if (method === STORED) return data.subarray(0, HEAD_COMPRESSED_BYTES);
  try {
    // A sync flush inflates what the first bytes hold without asking for the rest.
    return inflateRawSync(data.subarray(0, HEAD_COMPRESSED_BYTES), {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: MAX_REWRITTEN_ENTRY_BYTES,
    }).subarray(0, HEAD_COMPRESSED_BYTES);
  } catch {
    return Buffer.alloc(0);
  }
}

function inflateEntry(data: Buffer): Buffer {
  try {
    return inflateRawSync(data, { maxOutputLength: MAX_REWRITTEN_ENTRY_BYTES });
  } catch (error) {
    throw new UnreadableZipError(error instanceof RangeError ? "an entry inflates too large" : "bad deflate data");
  }
}
