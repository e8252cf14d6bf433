#!/usr/bin/env node
// The `petstore-gate` command: the bundle prepack built, on plain node.
import '../dist/gate.mjs';
