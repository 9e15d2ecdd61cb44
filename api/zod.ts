// zod, extended with .openapi() metadata. API modules import z from here.
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);
export { z };
