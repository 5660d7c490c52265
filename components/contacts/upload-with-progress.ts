"use client";

import { api, ApiError } from "@/lib/api/client";

/**
 * POSTs a form with XMLHttpRequest, the one browser API that reports upload progress (fetch does
 * not). The session is checked first through `api` (which refreshes an expired token once and
 * sends an ended session to /login), so the upload itself needs no retry.
 */
export async function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  await api("/api/auth/me");
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError("", 0));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const body = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
      reject(new ApiError(String(body.error ?? ""), xhr.status, body));
    };
    xhr.send(form);
  });
}
