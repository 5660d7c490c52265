import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";

// Any /api path no other route serves (Next tries this optional catch-all last): JSON 404 for every
// method, instead of the HTML not-found page meant for browsers.
const notFound = route({ access: "public" }, async () => {
  throw new AppError("ERR_NOT_FOUND", 404);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS, notFound as HEAD };
