module petstore/conforming

go 1.19
