/**
 * Excel's RichApi errors, shaped as office.js builds them (OfficeExtension.Error: name "RichApi.Error",
 * code, message, debugInfo {code, message, errorLocation}, httpStatusCode). Messages are Excel's own
 * text where the add-in (or a person reading a failure) sees them.
 */

export const ErrorCodes = {
  propertyNotLoaded: "PropertyNotLoaded",
  valueNotLoaded: "ValueNotLoaded",
  invalidArgument: "InvalidArgument",
  itemNotFound: "ItemNotFound",
  itemAlreadyExists: "ItemAlreadyExists",
  invalidSelection: "InvalidSelection",
  invalidOperation: "InvalidOperation",
  invalidReference: "InvalidReference",
  generalException: "GeneralException",
  runMustReturnPromise: "RunMustReturnPromise",
  cannotUpdateReadOnlyProperty: "CannotUpdateReadOnlyProperty",
  unsupportedOperation: "UnsupportedOperation",
  // Excel.ErrorCodes (learn.microsoft.com/javascript/api/excel/excel.errorcodes)
  accessDenied: "AccessDenied",
  invalidOperationInCellEditMode: "InvalidOperationInCellEditMode",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
} as const;

export const Messages = {
  propertyNotLoaded: (p: string) =>
    `The property '${p}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  valueNotLoaded: 'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
  invalidArgument: "The argument is invalid or missing or has an incorrect format.",
  sizeMismatch: "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
  itemNotFound: "The requested resource doesn't exist.",
  itemAlreadyExists: "The resource already exists.",
  invalidSelection: "The current selection is invalid for this operation.",
  readOnly: (p: string) => `The property '${p}' is read-only and it cannot be updated.`,
  // office.js's own strings (Strings.OfficeOM.L_InvalidOperationInCellEditMode) and Excel's messages
  cellEditMode: "Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or selecting another cell, and then try again.",
  protectedSheet: "The cell or chart you're trying to change is on a protected sheet. To make a change, unprotect the sheet.",
  requestTooLarge: "The request payload size has exceeded the limit. Please refer to the documentation: https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins.",
  responseTooLarge: "The response payload size has exceeded the limit. Please refer to the documentation: https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins.",
  runMustReturnPromise:
    'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
};

const STATUS: Record<string, number> = { InvalidArgument: 400, ItemNotFound: 404, PropertyNotLoaded: 400, ValueNotLoaded: 400, ItemAlreadyExists: 409, AccessDenied: 403, RequestPayloadSizeLimitExceeded: 413 };

export class RichApiError extends Error {
  readonly code: string;
  readonly httpStatusCode: number;
  readonly debugInfo: { code: string; message: string; errorLocation?: string };
  readonly traceMessages: string[] = [];
  readonly innerError = null;

  constructor(code: string, message: string, errorLocation?: string) {
    super(message);
    Object.setPrototypeOf(this, RichApiError.prototype);
    this.name = "RichApi.Error";
    this.code = code;
    this.httpStatusCode = STATUS[code] ?? 500;
    this.debugInfo = { code, message, ...(errorLocation ? { errorLocation } : {}) };
  }

  toString(): string {
    return `${this.code}: ${this.message}`;
  }
}

export const notLoaded = (type: string, prop: string) => new RichApiError(ErrorCodes.propertyNotLoaded, Messages.propertyNotLoaded(prop), `${type}.${prop}`);
export const invalidArgument = (detail?: string, location?: string) =>
  new RichApiError(ErrorCodes.invalidArgument, detail ? `${Messages.invalidArgument} (${detail})` : Messages.invalidArgument, location);
export const sizeMismatch = (location: string) => new RichApiError(ErrorCodes.invalidArgument, Messages.sizeMismatch, location);
export const itemNotFound = (location: string) => new RichApiError(ErrorCodes.itemNotFound, Messages.itemNotFound, location);
export const itemAlreadyExists = (location: string) => new RichApiError(ErrorCodes.itemAlreadyExists, Messages.itemAlreadyExists, location);
export const invalidSelection = (location: string) => new RichApiError(ErrorCodes.invalidSelection, Messages.invalidSelection, location);
export const accessDenied = (location: string) => new RichApiError(ErrorCodes.accessDenied, Messages.protectedSheet, location);
