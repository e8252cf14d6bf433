#!/usr/bin/env node
// The `petstore-mock` command: the bundle prepack built, on plain node.
import '../dist/mock.mjs';
