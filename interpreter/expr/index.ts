export { compileExpression, collectVarPaths, knownOperators, type CompileOptions, type Locate, type VarPathRef } from './compile.js';
export {
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_NODES,
  MAX_ITERATION_LENGTH,
  MAX_ARRAY_RESULT_LENGTH,
  MAX_STRING_RESULT_LENGTH,
  DEFAULT_MAX_STEPS,
  ExpressionRuntimeError,
  ExpressionBudgetError,
  createEvalContext,
  truthy,
  fixedOp,
  variadicOp,
  type BudgetKind,
  type CompiledExpr,
  type EvalContext,
  type OpDefinition,
  type OpSite,
  type VariadicFns,
} from './ops/core.js';
export { mathFunctions } from './ops/math.js';
