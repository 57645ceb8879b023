/**
 * The folder name of a FileStore State. Ids are case-sensitive but some file systems are
 * not, so an uppercase letter is written as "=" and its lowercase form ("Pr42" -> "=pr42");
 * a name Windows reserves (con, nul, com1, ...) gets a trailing "=". When that name would
 * pass the 255-byte limit of a file name (128 capital letters), the folder is the lowercase
 * id, "~", and which positions are uppercase as hex bits ("ZZ..Z" -> "zz..z~ffff..f").
 */

const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The longest file name most file systems allow (bytes; every folder name here is ASCII). */
const NAME_MAX = 255;

export function folderNameOf(id: string): string {
  const name = id.replace(/[A-Z]/g, (c) => `=${c.toLowerCase()}`);
  if (name.length > NAME_MAX) return `${id.toLowerCase()}~${uppercaseMask(id)}`;
  return RESERVED.test(name) ? `${name}=` : name;
}

export function idOfFolderName(name: string): string {
  const tilde = name.indexOf("~");
  if (tilde >= 0) return applyUppercaseMask(name.slice(0, tilde), name.slice(tilde + 1));
  return name.replace(/=$/, "").replace(/=([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A folder name that is its id: no uppercase letter was encoded. */
const PLAIN = /^[a-z0-9_-]+$/;

/** The id of a folder the store named, or null (a stray folder such as "foo~" beside "foo"). */
export function stateIdOfFolder(name: string): string | null {
  if (name.startsWith(".")) return null; // the store's temporary folders
  if (PLAIN.test(name) && !RESERVED.test(name)) return name;
  const id = idOfFolderName(name);
  return folderNameOf(id) === name ? id : null;
}

/** Bit i (of hex digit i >> 2, highest bit first) is set when character i is uppercase. */
function uppercaseMask(id: string): string {
  let hex = "";
  for (let i = 0; i < id.length; i += 4) {
    let digit = 0;
    for (let j = 0; j < 4; j++) if (/[A-Z]/.test(id[i + j] ?? "")) digit |= 8 >> j;
    hex += digit.toString(16);
  }
  return hex;
}

function applyUppercaseMask(lower: string, hex: string): string {
  let id = "";
  for (let i = 0; i < lower.length; i++) {
    const digit = Number.parseInt(hex[i >> 2] ?? "0", 16) || 0;
    id += digit & (8 >> (i & 3)) ? lower[i].toUpperCase() : lower[i];
  }
  return id;
}
