import { z } from "zod";
import { STATUS_OF_CODE, type ApiErrorCode } from "./api-error";

/** The body of every /api/v1 error (error-response.ts builds it): a code to branch on, a message for people, details. */
export const ApiErrorBody = z.object({
  error: z.looseObject({
    code: z.enum(Object.keys(STATUS_OF_CODE) as [ApiErrorCode, ...ApiErrorCode[]]).describe("What went wrong, for a client to branch on."),
    message: z.string().describe("What went wrong and how to fix it, naming the parameter, field, file or line."),
  }),
});
