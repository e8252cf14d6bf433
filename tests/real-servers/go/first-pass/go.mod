module petstore/first-pass

go 1.19
