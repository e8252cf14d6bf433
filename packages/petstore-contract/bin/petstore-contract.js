#!/usr/bin/env node
// The `petstore-contract` command: the bundle prepack built, on plain node.
import '../dist/contract.mjs';
