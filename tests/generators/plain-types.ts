/**
 * Reads generated types through the TypeScript compiler: the shape a type has (its
 * properties, which are optional, their types) and where its declaration, or any it
 * refers to, falls back to `unknown` or `any`.
 */
import ts from 'typescript';

/** A type as a developer reads it: a primitive or union as text, an object property by property. */
export type Shape = string | Record<string, string>;

/** The compiler options of a strict frontend project that bundles the generated client. */
export const FRONTEND_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
};

const LOOSE = ts.TypeFlags.Any | ts.TypeFlags.Unknown;

// The smallest declarations worth quoting when one leans on `unknown` or `any`.
const isNamed = (node: ts.Node) =>
  ts.isPropertySignature(node) ||
  ts.isParameter(node) ||
  ts.isTypeAliasDeclaration(node) ||
  ts.isInterfaceDeclaration(node);

function text(checker: ts.TypeChecker, type: ts.Type, optional = false): string {
  if (!type.isUnion()) return checker.typeToString(type);
  // A union prints in the compiler's own order; sorted, it reads the same for every generator.
  return type.types
    .filter((member) => !(optional && member.flags & ts.TypeFlags.Undefined))
    .map((member) => checker.typeToString(member))
    .sort()
    .join(' | ');
}

/** The shape of a type: an object by its properties (`name?` when optional), else its text. */
export function shapeOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): Shape {
  const isObject = type.flags & ts.TypeFlags.Object || type.isIntersection();
  if (!isObject || type.getCallSignatures().length > 0) return text(checker, type);
  const shape: Record<string, string> = {};
  for (const property of checker.getPropertiesOfType(type)) {
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    const key = optional ? `${property.name}?` : property.name;
    shape[key] = text(checker, checker.getTypeOfSymbolAtLocation(property, at), optional);
  }
  return shape;
}

/**
 * Every `unknown` or `any` that the type written at `node` leans on, following references
 * into declarations under `within` (the generated output), as `file:line: text` entries.
 */
export function looseSpots(checker: ts.TypeChecker, node: ts.Node, within: string): string[] {
  const found: string[] = [];
  const seen = new Set<ts.Node>();
  const report = (at: ts.Node) => {
    let declaration = at;
    while (!isNamed(declaration) && declaration.parent && !ts.isSourceFile(declaration.parent)) {
      declaration = declaration.parent;
    }
    const file = at.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(at.getStart());
    const where = `${file.fileName.slice(within.length + 1)}:${line + 1}`;
    found.push(`${where}: ${declaration.getText().replace(/\s+/g, ' ').slice(0, 200)}`);
  };
  const visitDeclaration = (declaration: ts.Declaration) => {
    if (seen.has(declaration) || !declaration.getSourceFile().fileName.startsWith(within)) return;
    seen.add(declaration);
    // Of a function (orval's operations) only the parameters are its interface.
    const fn = ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
    if (fn && ts.isFunctionLike(fn)) fn.parameters.forEach(visit);
    else visit(declaration);
  };
  const follow = (symbol: ts.Symbol | undefined) => {
    const target =
      symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    target?.declarations?.forEach(visitDeclaration);
  };
  const visit = (current: ts.Node): void => {
    if (
      current.kind === ts.SyntaxKind.AnyKeyword ||
      current.kind === ts.SyntaxKind.UnknownKeyword
    ) {
      report(current);
    } else if (ts.isIndexedAccessTypeNode(current)) {
      // `components['schemas']['Pet']` means the Pet part only, not all of `components`.
      const type = checker.getTypeFromTypeNode(current);
      if (type.flags & LOOSE) report(current);
      const parts = type.isUnionOrIntersection() ? type.types : [type];
      for (const part of parts)
        (part.aliasSymbol ?? part.symbol)?.declarations?.forEach(visitDeclaration);
      return;
    } else if (ts.isTypeReferenceNode(current)) {
      follow(checker.getSymbolAtLocation(current.typeName));
    } else if (ts.isTypeQueryNode(current)) {
      follow(checker.getSymbolAtLocation(current.exprName));
    } else if (ts.isExpressionWithTypeArguments(current)) {
      follow(checker.getSymbolAtLocation(current.expression));
    }
    ts.forEachChild(current, visit);
  };
  visit(node);
  return found;
}
