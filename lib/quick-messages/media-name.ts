/** spec admin §5: a quick message's file name has its spaces replaced by underscores (the folder part dropped). */
export const quickMessageMediaName = (name: string) => (name.split(/[\\/]/).pop() || "file").replace(/ /g, "_");

/** The largest file a quick message carries (the same bound as a message's upload). */
export const QUICK_MESSAGE_MAX_BYTES = 50 * 1024 * 1024;
